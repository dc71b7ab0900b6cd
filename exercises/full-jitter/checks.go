//go:build ignore

package main

import (
	chkfmt "fmt"
	chkrand "math/rand/v2"
	chktime "time"

	chkbackoff "github.com/flakylab/flakylab/core/backoff"
)

var chkChecks = map[string]func() chkResult{
	"doubling":       chkDoubling,
	"limit":          chkLimit,
	"large-attempts": chkLargeAttempts,
	"jitter-range":   chkJitterRange,
	"jitter-spread":  chkJitterSpread,
	"schedule":       chkScheduleShape,
	"seeded":         chkSeeded,
}

const chkMs = chktime.Millisecond

// chkBackoffs compares Backoff with the reference schedule's un-jittered
// backoff for each attempt.
func chkBackoffs(base, limit chktime.Duration, attempts []int) chkResult {
	ref, err := chkbackoff.New(chkbackoff.Config{Base: base, Cap: limit})
	if err != nil {
		return chkFail("internal: "+err.Error(), "", "", "")
	}
	var want, got []chktime.Duration
	for _, a := range attempts {
		input := chkfmt.Sprintf("Backoff(%d, %s, %s)", a, base, limit)
		chkInput(input)
		w := ref.Exponential(a)
		g := Backoff(a, base, limit)
		want = append(want, w)
		got = append(got, g)
		if g != w {
			msg := chkfmt.Sprintf("%s = %s, want %s", input, chkDur(g), chkDur(w))
			if g > limit {
				msg += ": the backoff went above the limit"
			} else if g < 0 {
				msg += ": the duration overflowed and became negative"
			} else if g == 0 && a >= 30 {
				msg += ": a backoff is never 0 (did the duration overflow?)"
			} else if g == 0 {
				msg += ": a backoff is never 0"
			}
			return chkFail(msg, input, chkDurs(want), chkDurs(got))
		}
	}
	return chkPass()
}

// chkAttempts returns 1 to n.
func chkAttempts(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func chkDoubling() chkResult {
	if r := chkBackoffs(500*chkMs, 8*chktime.Second, chkAttempts(7)); !r.pass {
		return r
	}
	r := chkRand(1)
	for n := 0; n < 8; n++ {
		base := chktime.Duration(1+r.Int64N(2000)) * chkMs
		k := 2 + r.IntN(7)
		if res := chkBackoffs(base, base<<k, chkAttempts(k+1)); !res.pass {
			return res
		}
	}
	return chkPass()
}

func chkLimit() chkResult {
	for _, c := range [][2]chktime.Duration{{100 * chkMs, 3 * chktime.Second}, {300 * chkMs, chktime.Second}, {2 * chktime.Second, 2 * chktime.Second}, {500 * chkMs, chktime.Second + 1}} {
		if r := chkBackoffs(c[0], c[1], chkAttempts(10)); !r.pass {
			return r
		}
	}
	r := chkRand(2)
	for n := 0; n < 8; n++ {
		base := chktime.Duration(1+r.Int64N(1000)) * chkMs
		limit := base<<r.IntN(6) + chktime.Duration(r.Int64N(int64(base)))
		if res := chkBackoffs(base, limit, chkAttempts(12)); !res.pass {
			return res
		}
	}
	return chkPass()
}

// Attempt numbers past 63 overflow a shift; a limit near the largest
// Duration overflows a doubling that does not stop in time. Attempts stay
// at 1000 or below: a recursive solution is correct, and the page's stack
// is smaller than a terminal's.
func chkLargeAttempts() chkResult {
	if r := chkBackoffs(chktime.Second, 30*chktime.Second, []int{30, 40, 63, 64, 65, 100, 1000}); !r.pass {
		return r
	}
	const longest = chktime.Duration(1<<63 - 1)
	if r := chkBackoffs(chktime.Second, longest, []int{30, 33, 34, 35, 40, 62, 63, 64, 100, 1000}); !r.pass {
		return r
	}
	r := chkRand(3)
	for n := 0; n < 4; n++ {
		base := chktime.Duration(1 + r.Int64N(int64(chktime.Hour)))
		limit := longest - chktime.Duration(r.Int64N(int64(chktime.Hour)))
		if res := chkBackoffs(base, limit, []int{20 + r.IntN(40), 60 + r.IntN(10), 100 + r.IntN(100)}); !res.pass {
			return res
		}
	}
	return chkPass()
}

func chkJitterRange() chkResult {
	r := chkRand(4)
	ds := []chktime.Duration{chktime.Second, 750 * chkMs, 8 * chktime.Second, 3, 1}
	for i := 0; i < 5; i++ {
		ds = append(ds, chktime.Duration(1+r.Int64N(int64(10*chktime.Second))))
	}
	for _, d := range ds {
		input := chkfmt.Sprintf("FullJitter(%s, r), 500 times", d)
		chkInput(input)
		for i := 0; i < 500; i++ {
			g := FullJitter(d, r)
			if g < 0 || g >= d {
				msg := chkfmt.Sprintf("FullJitter(%s, r) returned %s, outside [0, %s)", d, g, d)
				if g == d {
					msg += ": the jittered delay must stay strictly below the backoff"
				}
				return chkFail(msg, input, "a delay in [0, "+chkDur(d)+")", chkDur(g))
			}
		}
	}
	return chkPass()
}

func chkJitterSpread() chkResult {
	r := chkRand(5)
	d := chktime.Second
	input := "FullJitter(1s, r), 2000 times"
	chkInput(input)
	samples := make([]chktime.Duration, 2000)
	for i := range samples {
		samples[i] = FullJitter(d, r)
	}
	if problem := chkSpread(samples, d); problem != "" {
		return chkFail(problem, input, "delays spread evenly over [0, 1s): mean about 500ms, half of them below 500ms", chkSummary(samples))
	}
	return chkPass()
}

func chkScheduleShape() chkResult {
	base, limit := 100*chkMs, chktime.Second
	input := "Schedule(0, 100ms, 1s, r)"
	chkInput(input)
	r := chkRand(6)
	if s := Schedule(0, base, limit, r); len(s) != 0 {
		return chkFail("zero attempts should give an empty schedule", input, "[]", chkDurs(s))
	}
	for _, n := range []int{1, 2} {
		input = chkfmt.Sprintf("Schedule(%d, 100ms, 1s, r)", n)
		chkInput(input)
		if s := Schedule(n, base, limit, r); len(s) != n {
			return chkFail(chkfmt.Sprintf("Schedule(%d, ...) returned %s, want %d", n, chkCount(len(s), "delay"), n), input, chkCount(n, "delay"), chkDurs(s))
		}
	}
	input = "Schedule(6, 100ms, 1s, r), 400 times"
	chkInput(input)
	per := make([][]chktime.Duration, 6)
	for n := 0; n < 400; n++ {
		s := Schedule(6, base, limit, r)
		if len(s) != 6 {
			return chkFail(chkfmt.Sprintf("Schedule(6, ...) returned %d delays, want 6", len(s)), input, "6 delays", chkDurs(s))
		}
		for i, d := range s {
			per[i] = append(per[i], d)
		}
	}
	for i, samples := range per {
		d := chkMinDur(base<<i, limit)
		if problem := chkSpread(samples, d); problem != "" {
			return chkFail(chkfmt.Sprintf("delay %d of the schedule (backoff %s): %s", i+1, d, problem), input,
				chkfmt.Sprintf("delay %d spread evenly over [0, %s)", i+1, d), chkSummary(samples))
		}
	}
	return chkPass()
}

func chkMinDur(a, b chktime.Duration) chktime.Duration {
	if a < b {
		return a
	}
	return b
}

func chkSeeded() chkResult {
	base, limit := 500*chkMs, 8*chktime.Second
	seed := chkSeed % 1000
	input := chkfmt.Sprintf("Schedule(8, 500ms, 8s, r) with r = rand.New(rand.NewPCG(%d, 7)), twice", seed)
	chkInput(input)
	a := Schedule(8, base, limit, chkrand.New(chkrand.NewPCG(seed, 7)))
	if len(a) != 8 {
		return chkFail(chkfmt.Sprintf("Schedule(8, ...) returned %d delays, want 8", len(a)), input, "8 delays", chkDurs(a))
	}
	b := Schedule(8, base, limit, chkrand.New(chkrand.NewPCG(seed, 7)))
	if chkDurs(a) != chkDurs(b) {
		r := chkFail("two sources with the same seed gave different schedules: draw every random number from r, not from the package-level math/rand functions", input, chkDurs(a), chkDurs(b))
		r.mistake = "global-rand"
		return r
	}
	input = chkfmt.Sprintf("Schedule(8, 500ms, 8s, r) with seeds (%d, 7) and (%d, 7)", seed, seed+1)
	c := Schedule(8, base, limit, chkrand.New(chkrand.NewPCG(seed+1, 7)))
	if chkDurs(a) == chkDurs(c) {
		return chkFail("different seeds gave the same schedule: the delays do not come from r", input, "two different schedules", chkDurs(c))
	}
	// FullJitter on its own draws from r too.
	input = chkfmt.Sprintf("FullJitter(5s, r) 20 times with r = rand.New(rand.NewPCG(%d, 9)), twice", seed)
	chkInput(input)
	var x, y []chktime.Duration
	rx, ry := chkrand.New(chkrand.NewPCG(seed, 9)), chkrand.New(chkrand.NewPCG(seed, 9))
	for i := 0; i < 20; i++ {
		x = append(x, FullJitter(5*chktime.Second, rx))
		y = append(y, FullJitter(5*chktime.Second, ry))
	}
	if chkDurs(x) != chkDurs(y) {
		r := chkFail("two sources with the same seed gave different delays: FullJitter must draw from r", input, chkDurs(x), chkDurs(y))
		r.mistake = "global-rand"
		return r
	}
	return chkPass()
}
