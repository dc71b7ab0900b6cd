//go:build ignore

package main

import (
	chkfmt "fmt"
	chkmath "math"
	chkrand "math/rand/v2"
	chkstrings "strings"
	chktime "time"

	chkbucket "github.com/flakylab/flakylab/core/bucket"
)

var chkChecks = map[string]func() chkResult{
	"burst":             chkBurst,
	"retry-after":       chkRetryAfter,
	"continuous-refill": chkContinuousRefill,
	"capacity-cap":      chkCapacityCap,
	"refusal-is-free":   chkRefusalIsFree,
	"random-traffic":    chkRandomTraffic,
}

var chkT0 = chktime.Date(2025, 3, 1, 9, 0, 0, 0, chktime.UTC)

func chkSec(s float64) chktime.Duration { return chktime.Duration(s * float64(chktime.Second)) }

func chkSecs(ss ...float64) []chktime.Duration {
	ds := make([]chktime.Duration, len(ss))
	for i, s := range ss {
		ds[i] = chkSec(s)
	}
	return ds
}

func chkAnswer(ok bool, wait chktime.Duration) string {
	if ok {
		if wait != 0 {
			return "allowed (retry after " + chkDur(wait) + ")"
		}
		return "allowed"
	}
	return "refused, retry after " + chkDur(wait)
}

// chkScript plays requests at t0+offsets against the learner's bucket and
// the reference bucket, and reports the first answer that differs.
func chkScript(capacity, rate float64, offsets []chktime.Duration) chkResult {
	times := make([]string, len(offsets))
	for i, off := range offsets {
		times[i] = off.String()
	}
	input := chkfmt.Sprintf("b := NewBucket(%g, %g, t0); b.Allow at t0 + %s", capacity, rate, chkstrings.Join(times, ", "))
	if len(offsets) > 12 {
		input = chkfmt.Sprintf("b := NewBucket(%g, %g, t0); %d calls to b.Allow between t0 and t0+%s", capacity, rate, len(offsets), offsets[len(offsets)-1])
	}
	chkInput(input)
	ref, err := chkbucket.New(capacity, rate)
	if err != nil {
		return chkFail("internal: "+err.Error(), input, "", "")
	}
	ref.TakeAt(chkT0, 0) // the reference is full from its first use: make that t0
	b := NewBucket(capacity, rate, chkT0)
	var want, got []string
	for i, off := range offsets {
		at := chkT0.Add(off)
		held := ref.TokensAt(at)
		d := ref.TakeAt(at, 1)
		ok, wait := b.Allow(at)
		want = append(want, chkAnswer(d.Allowed, d.RetryAfter))
		got = append(got, chkAnswer(ok, wait))
		where := chkfmt.Sprintf("request %d (at t0+%s, when the bucket holds %s tokens)", i+1, off, chkTokens(held))
		msg := ""
		if ok && !d.Allowed {
			msg = where + " was allowed, but there is no whole token to spend"
		} else if !ok && d.Allowed {
			msg = where + " was refused, but a token is there"
		} else if ok && wait != 0 {
			msg = where + " was allowed and also told to retry after " + chkDur(wait) + ": an allowed request waits 0"
		} else if !ok && !chkClose(wait, d.RetryAfter, chktime.Millisecond) {
			msg = chkfmt.Sprintf("%s was refused with retry after %s, want %s = (1 - %s) / %g per second", where, chkDur(wait), chkDur(d.RetryAfter), chkTokens(held), rate)
		}
		if msg != "" {
			from := 0
			if len(want) > 4 {
				from = len(want) - 4
			}
			return chkFail(msg, input, chkstrings.Join(want[from:], "; "), chkstrings.Join(got[from:], "; "))
		}
	}
	return chkPass()
}

// chkTokens formats a token count with two decimals, or more when two
// would hide which side of a whole token it is on.
func chkTokens(x float64) string {
	s := chkfmt.Sprintf("%.2f", x)
	if x < chkmath.Floor(x+0.005) {
		s = chkfmt.Sprintf("%.6f", x)
	}
	return s
}

func chkAll(rs ...chkResult) chkResult {
	for _, r := range rs {
		if !r.pass {
			return r
		}
	}
	return chkPass()
}

// A full bucket lets a burst of capacity requests through at one instant.
func chkBurst() chkResult {
	return chkAll(
		chkScript(4, 2, chkSecs(0, 0, 0, 0, 0, 0)),
		chkScript(1, 1, chkSecs(0, 0)),
	)
}

// The syllabus script, then a slow bucket where the wait is long.
func chkRetryAfter() chkResult {
	return chkAll(
		chkScript(3, 1, chkSecs(0, 0.1, 0.2, 0.3, 0.4, 1.5, 1.6)),
		chkScript(2, 0.5, chkSecs(0, 0, 0.5, 1.25, 3.1, 3.2)),
	)
}

// Refill comes from elapsed time, fractions included: a rate of 4 gives a
// token every 250ms, and partial refills add up.
func chkContinuousRefill() chkResult {
	return chkAll(
		chkScript(1, 4, chkSecs(0, 0.26, 0.52, 0.6, 0.8)),
		chkScript(2, 1, chkSecs(0, 0, 0.6, 1.2, 1.5, 2.3)),
	)
}

// However long the bucket idles, it holds at most capacity tokens.
func chkCapacityCap() chkResult {
	burst := []chktime.Duration{}
	for i := 0; i < 15; i++ {
		burst = append(burst, 60*chktime.Second)
	}
	return chkAll(
		chkScript(10, 2, burst),
		chkScript(3, 1, chkSecs(0, 100, 100, 100, 100)),
	)
}

// A refused request spends nothing, so a client hammering an empty bucket
// still gets its token on time.
func chkRefusalIsFree() chkResult {
	return chkScript(1, 1, chkSecs(0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.05))
}

// Irregular traffic, bursts and pauses mixed, from a seeded source.
func chkRandomTraffic() chkResult {
	r := chkrand.New(chkrand.NewPCG(7, 11))
	configs := [][2]float64{{5, 0.5}, {1, 10}, {8, 3}}
	for _, c := range configs {
		var offsets []chktime.Duration
		at := chktime.Duration(0)
		for i := 0; i < 150; i++ {
			if r.Float64() > 0.3 {
				at += chktime.Duration(r.Float64() * 3 / c[1] * float64(chktime.Second))
			}
			offsets = append(offsets, at)
		}
		if res := chkScript(c[0], c[1], offsets); !res.pass {
			return res
		}
	}
	return chkPass()
}
