package site

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/flakylab/flakylab/core/storm"
)

// The retry-storm charts draw what core/storm computes; the page never
// simulates anything itself. Until the browser runtime can run the
// simulator on demand, the builder runs it for a grid of settings and ships
// the results as data/storm.json.
var (
	stormClients     = []int{50, 100, 200}
	stormCapacities  = []int{100, 150, 300}
	stormOutages     = []int{5, 15, 30} // seconds, starting at stormOutageStart
	stormOutageStart = 10 * time.Second
	// stormStep is the chart's resolution: fine enough to show retries
	// arriving in synchronized waves, coarse enough to keep the data small.
	stormStep = 250 * time.Millisecond
	// stormDefault is the scenario the pages open on: the simulator's own
	// defaults (100 clients, 150 requests/s, a 15 s outage).
	stormDefault = stormKey(storm.DefaultClients, storm.DefaultCapacity, 15)
)

func stormKey(clients, capacity, outage int) string {
	return fmt.Sprintf("%d/%d/%d", clients, capacity, outage)
}

// StormRun is one strategy's result in one scenario, as the chart reads it.
type StormRun struct {
	Calls        int   `json:"calls"`
	Failed       int   `json:"failed"`
	Requests     int   `json:"requests"`
	GaveUp       int   `json:"gaveUp"`
	Unfinished   int   `json:"unfinished"`
	CompletionMs int64 `json:"completionMs"`
	// Offered is the number of calls reaching the provider in each step of
	// StormData.StepMs, first tries and retries.
	Offered []int `json:"offered"`
}

// StormData is the content of data/storm.json.
type StormData struct {
	StepMs        int64                           `json:"stepMs"`
	OutageStartMs int64                           `json:"outageStartMs"`
	Clients       []int                           `json:"clients"`
	Capacities    []int                           `json:"capacities"`
	Outages       []int                           `json:"outages"`
	Strategies    []string                        `json:"strategies"`
	Default       string                          `json:"default"`
	Runs          map[string]map[string]*StormRun `json:"runs"`
}

// BuildStormData runs the simulator for every scenario of the grid and
// every strategy, with a fixed seed, so the same build ships the same data.
func BuildStormData() (*StormData, error) {
	d := &StormData{
		StepMs:        stormStep.Milliseconds(),
		OutageStartMs: stormOutageStart.Milliseconds(),
		Clients:       stormClients,
		Capacities:    stormCapacities,
		Outages:       stormOutages,
		Default:       stormDefault,
		Runs:          map[string]map[string]*StormRun{},
	}
	for _, s := range storm.Strategies() {
		d.Strategies = append(d.Strategies, s.String())
	}
	// Runs are independent and seeded, so computing them in parallel
	// changes nothing but the wall time.
	type job struct {
		clients, capacity, outage int
		strategy                  storm.Strategy
	}
	var jobs []job
	for _, clients := range stormClients {
		for _, capacity := range stormCapacities {
			for _, outage := range stormOutages {
				d.Runs[stormKey(clients, capacity, outage)] = map[string]*StormRun{}
				for _, s := range storm.Strategies() {
					jobs = append(jobs, job{clients, capacity, outage, s})
				}
			}
		}
	}
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
		sem      = make(chan struct{}, runtime.GOMAXPROCS(0))
	)
	for _, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			key := stormKey(j.clients, j.capacity, j.outage)
			r, err := storm.Run(storm.Config{
				Clients:     j.clients,
				Capacity:    j.capacity,
				OutageStart: stormOutageStart,
				OutageEnd:   stormOutageStart + time.Duration(j.outage)*time.Second,
				Strategy:    j.strategy,
				Seed:        1,
			})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstErr == nil {
					firstErr = fmt.Errorf("site: storm %s %v: %w", key, j.strategy, err)
				}
				return
			}
			d.Runs[key][j.strategy.String()] = stormRun(r)
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return d, nil
}

var stormOnce = sync.OnceValues(BuildStormData)

// stormData returns the grid's results, computed once per process.
func stormData() (*StormData, error) { return stormOnce() }

func stormRun(r storm.Result) *StormRun {
	out := &StormRun{
		Calls: r.TotalCalls, Failed: r.Failures, Requests: r.Requests, GaveUp: r.GaveUp,
		Unfinished: r.Unfinished, CompletionMs: r.Completion.Milliseconds(),
	}
	for _, sl := range r.Slices {
		step := int(sl.Start / stormStep)
		for len(out.Offered) <= step {
			out.Offered = append(out.Offered, 0)
		}
		out.Offered[step] += sl.Offered
	}
	return out
}

func (d *StormData) json() ([]byte, error) {
	return json.Marshal(d)
}

// stormRow is one line of the table shown before JavaScript draws the chart.
type stormRow struct {
	Strategy   string
	Calls      int
	FailedPct  int
	Finished   string
	Unfinished int
}

func (d *StormData) defaultRows(strategies []string) []stormRow {
	var rows []stormRow
	for _, s := range strategies {
		r := d.Runs[d.Default][s]
		if r == nil {
			continue
		}
		pct := 0
		if r.Calls > 0 {
			pct = (100*r.Failed + r.Calls/2) / r.Calls
		}
		rows = append(rows, stormRow{
			Strategy: s, Calls: r.Calls, FailedPct: pct, Unfinished: r.Unfinished,
			Finished: (time.Duration(r.CompletionMs) * time.Millisecond).Round(time.Second).String(),
		})
	}
	return rows
}
