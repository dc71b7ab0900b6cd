package site

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/bucket"
)

// The three small pictures (backoff timeline, breaker states, token-bucket
// level) draw what the core packages decide for fixed scenarios; the
// builder computes them here and embeds the numbers in the page as JSON, so
// the page only draws. The token bucket can also be driven by clicks, and
// then the page asks the Go runtime's widget API (rt.core) instead.

// Directives of the pictures, as fenced-block info strings.
const (
	BackoffPictureDirective = "backoff-timeline"
	BreakerPictureDirective = "breaker-timeline"
	BucketPictureDirective  = "bucket-chart"
)

var pictureEpoch = time.Date(2026, time.January, 1, 9, 0, 0, 0, time.UTC)

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// BackoffPicture is a few clients that failed at the same instant, retrying
// on the same schedule without and with full jitter.
type BackoffPicture struct {
	Clients  int     `json:"clients"`
	Attempts int     `json:"attempts"`
	BaseMs   float64 `json:"baseMs"`
	CapMs    float64 `json:"capMs"`
	// Rows[jitter][client] are the instants (ms) of each attempt, the first
	// at 0.
	Rows map[string][][]float64 `json:"rows"`
}

func backoffPicture() (*BackoffPicture, error) {
	p := &BackoffPicture{Clients: 6, Attempts: 6, BaseMs: 500, CapMs: 8000, Rows: map[string][][]float64{}}
	for _, j := range []backoff.Jitter{backoff.None, backoff.Full} {
		s, err := backoff.New(backoff.Config{Base: 500 * time.Millisecond, Cap: 8 * time.Second, Jitter: j})
		if err != nil {
			return nil, fmt.Errorf("site: backoff picture: %w", err)
		}
		name := "none"
		if j == backoff.Full {
			name = "full"
		}
		for c := 0; c < p.Clients; c++ {
			r := rand.New(rand.NewPCG(7, uint64(c)))
			at := time.Duration(0)
			row := []float64{0}
			for _, d := range s.Delays(p.Attempts-1, r) {
				at += d
				row = append(row, ms(at))
			}
			p.Rows[name] = append(p.Rows[name], row)
		}
	}
	return p, nil
}

// BreakerPicture is one client calling a dependency every second through a
// breaker while the dependency is down for a while.
type BreakerPicture struct {
	Threshold     int     `json:"threshold"`
	CooldownMs    float64 `json:"cooldownMs"`
	OutageStartMs float64 `json:"outageStartMs"`
	OutageEndMs   float64 `json:"outageEndMs"`
	EndMs         float64 `json:"endMs"`
	// Calls are the calls in order: at (ms) and what happened: "ok",
	// "failed" (the dependency was called and failed) or "rejected" (the
	// breaker failed fast without calling it).
	Calls []BreakerCall `json:"calls"`
	// States are the breaker's states as spans: from (ms) and state.
	States []BreakerSpan `json:"states"`
}

type BreakerCall struct {
	At      float64 `json:"at"`
	Outcome string  `json:"outcome"`
	// Probe is set on a call let through in the half-open state.
	Probe bool `json:"probe,omitempty"`
}

type BreakerSpan struct {
	From  float64 `json:"from"`
	State string  `json:"state"`
}

func breakerPicture() (*BreakerPicture, error) {
	// The cooldown is not a whole number of call intervals, so each
	// half-open spell lasts until the next call and shows on the picture.
	p := &BreakerPicture{Threshold: 3, CooldownMs: 7500, OutageStartMs: 5000, OutageEndMs: 27000, EndMs: 40000}
	b, err := breaker.New(breaker.Settings{Threshold: p.Threshold, Cooldown: 7500 * time.Millisecond})
	if err != nil {
		return nil, fmt.Errorf("site: breaker picture: %w", err)
	}
	span := func(at float64, s breaker.State) {
		if n := len(p.States); n == 0 || p.States[n-1].State != s.String() {
			p.States = append(p.States, BreakerSpan{From: at, State: s.String()})
		}
	}
	// The state is sampled every 100 ms so the open-to-half-open move,
	// which happens lazily when the breaker is asked, shows when it is due.
	for t := 0.0; t < p.EndMs; t += 100 {
		at := pictureEpoch.Add(time.Duration(t) * time.Millisecond)
		if int(t)%1000 != 0 {
			span(t, b.StateAt(at))
			continue
		}
		probe := b.StateAt(at) == breaker.HalfOpen
		tk, err := b.AllowAt(at)
		span(t, b.StateAt(at))
		if err != nil {
			p.Calls = append(p.Calls, BreakerCall{At: t, Outcome: "rejected"})
			continue
		}
		ok := t < p.OutageStartMs || t >= p.OutageEndMs
		b.RecordAt(at, tk, ok)
		outcome := "ok"
		if !ok {
			outcome = "failed"
		}
		p.Calls = append(p.Calls, BreakerCall{At: t, Outcome: outcome, Probe: probe})
		span(t, b.StateAt(at))
	}
	return p, nil
}

// BucketPicture is a token bucket's level over time under a preset pattern
// of requests: a burst, then a steady trickle faster than the refill.
type BucketPicture struct {
	Capacity float64 `json:"capacity"`
	Rate     float64 `json:"rate"`
	EndMs    float64 `json:"endMs"`
	StepMs   float64 `json:"stepMs"`
	// Level is the number of tokens every StepMs from 0 to EndMs, sampled
	// just before any request at that instant.
	Level    []float64        `json:"level"`
	Requests []BucketDecision `json:"requests"`
}

type BucketDecision struct {
	At           float64 `json:"at"`
	Allowed      bool    `json:"allowed"`
	Remaining    float64 `json:"remaining"`
	RetryAfterMs float64 `json:"retryAfterMs"`
}

func bucketPicture() (*BucketPicture, error) {
	p := &BucketPicture{Capacity: 5, Rate: 1, EndMs: 12000, StepMs: 50}
	b, err := bucket.New(p.Capacity, p.Rate)
	if err != nil {
		return nil, fmt.Errorf("site: bucket picture: %w", err)
	}
	var times []float64
	for i := 0; i < 8; i++ { // a burst of 8, 100 ms apart, at 1 s
		times = append(times, 1000+float64(i)*100)
	}
	for t := 4000.0; t <= 9000; t += 500 { // then two a second for 5 s
		times = append(times, t)
	}
	next := 0
	for t := 0.0; t <= p.EndMs; t += p.StepMs {
		at := pictureEpoch.Add(time.Duration(t) * time.Millisecond)
		p.Level = append(p.Level, b.TokensAt(at))
		for next < len(times) && times[next] <= t {
			d := b.TakeAt(pictureEpoch.Add(time.Duration(times[next])*time.Millisecond), 1)
			p.Requests = append(p.Requests, BucketDecision{
				At: times[next], Allowed: d.Allowed, Remaining: d.Remaining, RetryAfterMs: ms(d.RetryAfter),
			})
			next++
		}
	}
	return p, nil
}

// pictureJSON computes the data of a picture directive.
func pictureJSON(directive string) (string, error) {
	var v any
	var err error
	switch directive {
	case BackoffPictureDirective:
		v, err = backoffPicture()
	case BreakerPictureDirective:
		v, err = breakerPicture()
	case BucketPictureDirective:
		v, err = bucketPicture()
	case FleetPictureDirective:
		return fleetJSON()
	default:
		return "", fmt.Errorf("site: no picture %q", directive)
	}
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(v)
	return string(b), err
}
