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

// chkSame reports whether two answers agree: refusals' waits within a
// millisecond, allowed requests' waits exactly (they are 0).
func chkSame(ok1 bool, w1 chktime.Duration, ok2 bool, w2 chktime.Duration) bool {
	if ok1 != ok2 {
		return false
	}
	if ok1 {
		return w1 == w2
	}
	return chkClose(w1, w2, chktime.Millisecond)
}

// chkScript plays requests at t0+offsets against the learner's bucket and
// the reference bucket, and reports the first answer that differs, with
// the mistake it shows when a known one explains every answer so far.
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
	var oks []bool
	var waits []chktime.Duration
	for i, off := range offsets {
		at := chkT0.Add(off)
		held := ref.TokensAt(at)
		d := ref.TakeAt(at, 1)
		ok, wait := b.Allow(at)
		want = append(want, chkAnswer(d.Allowed, d.RetryAfter))
		got = append(got, chkAnswer(ok, wait))
		oks, waits = append(oks, ok), append(waits, wait)
		if chkSame(ok, wait, d.Allowed, d.RetryAfter) {
			continue
		}
		what := chkfmt.Sprintf("request %d, at t0+%s, was %s", i+1, off, chkAnswer(ok, wait))
		should := chkfmt.Sprintf("the bucket should hold %s tokens then", chkTokens(held))
		msg := ""
		if ok && !d.Allowed {
			msg = what + ", but " + should + ": not a whole token to spend"
		} else if !ok && d.Allowed {
			msg = what + ", but " + should + ": a token is there"
		} else if ok {
			msg = what + ": an allowed request waits 0"
		} else {
			msg = chkfmt.Sprintf("%s; %s, so the wait is (1 - %s) / %g per second = %s", what, should, chkTokens(held), rate, chkDur(d.RetryAfter))
		}
		from := 0
		if len(want) > 4 {
			from = len(want) - 4
		}
		r := chkFail(msg, input, chkstrings.Join(want[from:], "; "), chkstrings.Join(got[from:], "; "))
		// Which known mistakes give the learner's answers so far? (Replayed
		// only now: a passing bucket never pays for them.)
		models := chkModels(capacity, rate)
		for j := 0; j <= i; j++ {
			models = chkAgreeing(models, chkT0.Add(offsets[j]), oks[j], waits[j])
		}
		// The rest of the script tells apart mistakes that agree so far.
		rest := models
		for _, later := range offsets[i+1:] {
			at := chkT0.Add(later)
			ok, wait := b.Allow(at)
			if rest = chkAgreeing(rest, at, ok, wait); len(rest) == 0 {
				break
			}
		}
		if len(rest) > 1 {
			rest = chkDiagnose(rest)
		}
		// A bucket that reads the clock may look like another mistake on
		// one script; the probe is proof.
		if chkReadsTheClock(capacity, rate, offsets[:i+1]) {
			r.mistake = "wall-clock"
		} else if len(rest) > 0 {
			r.mistake = rest[0].mistake
		} else if len(models) > 0 {
			r.mistake = models[0].mistake
		}
		return r
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

// chkRandomBucket draws a capacity and a rate for a randomized case.
func chkRandomBucket(r *chkrand.Rand) (float64, float64) {
	capacity := float64(1 + r.IntN(12))
	rate := []float64{0.25, 0.5, 1, 1.5, 2, 3, 4, 10}[r.IntN(8)]
	return capacity, rate
}

// A full bucket lets a burst of capacity requests through at one instant.
func chkBurst() chkResult {
	if r := chkAll(
		chkScript(4, 2, chkSecs(0, 0, 0, 0, 0, 0)),
		chkScript(1, 1, chkSecs(0, 0)),
	); !r.pass {
		return r
	}
	r := chkRand(1)
	for n := 0; n < 5; n++ {
		capacity, rate := chkRandomBucket(r)
		at := chkSec(float64(r.IntN(5)))
		offsets := []chktime.Duration{}
		for i := 0; i < int(capacity)+2; i++ {
			offsets = append(offsets, at)
		}
		if res := chkScript(capacity, rate, offsets); !res.pass {
			return res
		}
	}
	return chkPass()
}

// The syllabus script, then a slow bucket where the wait is long, then
// random ones: an empty bucket asked again at random moments.
func chkRetryAfter() chkResult {
	if r := chkAll(
		chkScript(3, 1, chkSecs(0, 0.1, 0.2, 0.3, 0.4, 1.5, 1.6)),
		chkScript(2, 0.5, chkSecs(0, 0, 0.5, 1.25, 3.1, 3.2)),
	); !r.pass {
		return r
	}
	r := chkRand(2)
	for n := 0; n < 5; n++ {
		capacity, rate := chkRandomBucket(r)
		var offsets []chktime.Duration
		for i := 0; i < int(capacity); i++ {
			offsets = append(offsets, 0)
		}
		at := chktime.Duration(0)
		for i := 0; i < 6; i++ {
			at += chktime.Duration(r.Float64() * 0.9 / rate * float64(chktime.Second))
			offsets = append(offsets, at)
		}
		if res := chkScript(capacity, rate, offsets); !res.pass {
			return res
		}
	}
	return chkPass()
}

// Refill comes from elapsed time, fractions included: a rate of 4 gives a
// token every 250ms, and partial refills add up.
func chkContinuousRefill() chkResult {
	if r := chkAll(
		chkScript(1, 4, chkSecs(0, 0.26, 0.52, 0.6, 0.8)),
		chkScript(2, 1, chkSecs(0, 0, 0.6, 1.2, 1.5, 2.3)),
	); !r.pass {
		return r
	}
	r := chkRand(3)
	for n := 0; n < 5; n++ {
		capacity, rate := chkRandomBucket(r)
		var offsets []chktime.Duration
		at := chktime.Duration(0)
		for i := 0; i < 20; i++ {
			at += chktime.Duration((0.2 + r.Float64()) / rate * float64(chktime.Second))
			offsets = append(offsets, at)
		}
		if res := chkScript(capacity, rate, offsets); !res.pass {
			return res
		}
	}
	return chkPass()
}

// However long the bucket idles, it holds at most capacity tokens.
func chkCapacityCap() chkResult {
	burst := []chktime.Duration{}
	for i := 0; i < 15; i++ {
		burst = append(burst, 60*chktime.Second)
	}
	if r := chkAll(
		chkScript(10, 2, burst),
		chkScript(3, 1, chkSecs(0, 100, 100, 100, 100)),
	); !r.pass {
		return r
	}
	r := chkRand(4)
	for n := 0; n < 5; n++ {
		capacity, rate := chkRandomBucket(r)
		idle := chktime.Duration((capacity + 1 + r.Float64()*50) / rate * float64(chktime.Second))
		offsets := []chktime.Duration{0}
		for i := 0; i < int(capacity)+3; i++ {
			offsets = append(offsets, idle)
		}
		if res := chkScript(capacity, rate, offsets); !res.pass {
			return res
		}
	}
	return chkPass()
}

// A refused request spends nothing, so a client hammering an empty bucket
// still gets its token on time.
func chkRefusalIsFree() chkResult {
	if r := chkScript(1, 1, chkSecs(0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.05)); !r.pass {
		return r
	}
	r := chkRand(5)
	for n := 0; n < 4; n++ {
		capacity, rate := chkRandomBucket(r)
		var offsets []chktime.Duration
		for i := 0; i < int(capacity); i++ {
			offsets = append(offsets, 0)
		}
		step := chktime.Duration((0.05 + 0.2*r.Float64()) / rate * float64(chktime.Second))
		for at := step; at < chktime.Duration(2.5/rate*float64(chktime.Second)); at += step {
			offsets = append(offsets, at)
		}
		if res := chkScript(capacity, rate, offsets); !res.pass {
			return res
		}
	}
	return chkPass()
}

// Irregular traffic, bursts and pauses mixed, drawn from the seed.
func chkRandomTraffic() chkResult {
	r := chkRand(6)
	for n := 0; n < 3; n++ {
		capacity, rate := chkRandomBucket(r)
		var offsets []chktime.Duration
		at := chktime.Duration(0)
		for i := 0; i < 150; i++ {
			if r.Float64() > 0.3 {
				at += chktime.Duration(r.Float64() * 3 / rate * float64(chktime.Second))
			}
			offsets = append(offsets, at)
		}
		if res := chkScript(capacity, rate, offsets); !res.pass {
			return res
		}
	}
	return chkPass()
}
