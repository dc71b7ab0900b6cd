package site

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/flakylab/flakylab/core/storm"
)

// The retry-storm chart draws what core/storm computes; the page never
// simulates anything itself. It asks the Go runtime's widget worker for a
// fresh run whenever the learner changes a setting (js/storm-chart.js).
// The builder only runs the opening settings once, for the tables a page
// shows before its runtime is ready (or without JavaScript).

// stormRange is a setting the chart offers: a slider from Min to Max.
type stormRange struct {
	Name               string
	Min, Max, Step, At int
}

// The settings each view of the chart offers, the one source of both the
// page's sliders and the benchmark of the worst case.
var (
	// The study's setting: how many clients race for the row.
	stormContentionClients = stormRange{"clients", 10, 200, 10, storm.DefaultContentionClients}
	// The provider outage: clients, the provider's capacity (requests per
	// second) and the outage's length in seconds, from stormOutageStart.
	stormOverloadClients  = stormRange{"clients", 10, 300, 10, storm.DefaultClients}
	stormOverloadCapacity = stormRange{"capacity", 50, 500, 10, storm.DefaultCapacity}
	stormOverloadOutage   = stormRange{"outage", 0, 40, 5, int((storm.DefaultOutageEnd - storm.DefaultOutageStart) / time.Second)}
	stormOutageStart      = storm.DefaultOutageStart

	// stormStep is the overload chart's resolution: fine enough to show
	// retries arriving in synchronized waves, coarse enough to draw fast.
	stormStep = 250 * time.Millisecond

	// The seeds of the runs. Each run is one seeded simulation; seed 1 of
	// the contention model and seed 2 of the overload model are typical
	// runs (core/storm's README has the means over many seeds).
	stormContentionSeed = 1
	stormOverloadSeed   = 2

	// The strategies each view can show. No retry has no place in the
	// study's setting, where a client that gives up never writes.
	stormContentionStrategies = []storm.Strategy{storm.Immediate, storm.Exponential, storm.FullJitter, storm.EqualJitter, storm.Decorrelated}
	stormOverloadStrategies   = storm.Strategies()
)

// stormRow is one line of a table shown before the chart is drawn.
type stormRow struct {
	Strategy string
	Cells    []string
}

// stormTables holds the opening settings' rows of both views.
type stormTables struct {
	Contention map[string]stormRow
	Overload   map[string]stormRow
}

// buildStormTables runs the opening settings once per strategy.
func buildStormTables() (*stormTables, error) {
	t := &stormTables{Contention: map[string]stormRow{}, Overload: map[string]stormRow{}}
	for _, s := range stormContentionStrategies {
		r, err := storm.RunContention(storm.ContentionConfig{Clients: stormContentionClients.At, Strategy: s, Seed: uint64(stormContentionSeed)})
		if err != nil {
			return nil, fmt.Errorf("site: storm %v: %w", s, err)
		}
		t.Contention[s.String()] = stormRow{s.String(), []string{grouped(r.Calls), seconds(r.Completion)}}
	}
	for _, s := range stormOverloadStrategies {
		r, err := storm.Run(storm.Config{
			Clients: stormOverloadClients.At, Capacity: stormOverloadCapacity.At,
			OutageStart: stormOutageStart, OutageEnd: stormOutageStart + time.Duration(stormOverloadOutage.At)*time.Second,
			Strategy: s, Seed: uint64(stormOverloadSeed),
		})
		if err != nil {
			return nil, fmt.Errorf("site: storm %v: %w", s, err)
		}
		pct := 0
		if r.TotalCalls > 0 {
			pct = (100*r.Failures + r.TotalCalls/2) / r.TotalCalls
		}
		done := seconds(r.Completion)
		if r.Unfinished > 0 {
			done = "not done"
		}
		t.Overload[s.String()] = stormRow{s.String(), []string{
			grouped(r.TotalCalls), strconv.Itoa(pct) + "%", grouped(r.GaveUp + r.Unfinished), done,
		}}
	}
	return t, nil
}

var stormOnce = sync.OnceValues(buildStormTables)

// rows returns the opening rows of the given strategies.
func (t *stormTables) rows(view map[string]stormRow, strategies []string) []stormRow {
	var out []stormRow
	for _, s := range strategies {
		if r, ok := view[s]; ok {
			out = append(out, r)
		}
	}
	return out
}

// grouped writes n with thin spaces between groups of three digits, as the
// page does: 207 659.
func grouped(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString("\u2009")
		}
		b.WriteRune(c)
	}
	return b.String()
}

// seconds writes a duration as the page does: 4.3 s, 63 s, 2 min.
func seconds(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s < 10:
		return strconv.FormatFloat(s, 'f', 1, 64) + " s"
	case s < 120:
		return strconv.FormatFloat(s, 'f', 0, 64) + " s"
	}
	return strconv.FormatFloat(s/60, 'f', 1, 64) + " min"
}

// stormNames lists strategies by name.
func stormNames(ss []storm.Strategy) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.String()
	}
	return out
}
