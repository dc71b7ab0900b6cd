//go:build ignore

package main

import (
	chkfmt "fmt"
	chkrand "math/rand/v2"
	chkstrings "strings"
	chktime "time"

	chkbreaker "github.com/flakylab/flakylab/core/breaker"
)

var chkChecks = map[string]func() chkResult{
	"closed-allows":         chkClosedAllows,
	"opens-at-threshold":    chkOpensAtThreshold,
	"success-resets":        chkSuccessResets,
	"fails-fast":            chkFailsFast,
	"half-open-probe":       chkHalfOpenProbe,
	"probe-success-closes":  chkProbeSuccessCloses,
	"probe-failure-reopens": chkProbeFailureReopens,
	"random-trace":          chkRandomTrace,
}

var chkT0 = chktime.Date(2025, 3, 1, 9, 0, 0, 0, chktime.UTC)

const chkS = chktime.Second

// chkOp is one step of a scenario.
type chkOp struct {
	kind string // "call": Allow, then Record if allowed; "allow": Allow only; "record": Record the last allowed call; "state"
	at   chktime.Duration
	ok   bool
}

func chkCall(at chktime.Duration, ok bool) chkOp   { return chkOp{kind: "call", at: at, ok: ok} }
func chkAllow(at chktime.Duration) chkOp           { return chkOp{kind: "allow", at: at} }
func chkRecord(at chktime.Duration, ok bool) chkOp { return chkOp{kind: "record", at: at, ok: ok} }
func chkState(at chktime.Duration) chkOp           { return chkOp{kind: "state", at: at} }

func chkOutcome(ok bool) string {
	if ok {
		return "success"
	}
	return "failure"
}

func (o chkOp) String() string {
	switch o.kind {
	case "call":
		return chkfmt.Sprintf("a call at t0+%s (%s if allowed)", o.at, chkOutcome(o.ok))
	case "allow":
		return chkfmt.Sprintf("Allow(t0+%s)", o.at)
	case "record":
		return chkfmt.Sprintf("Record(%v, t0+%s)", o.ok, o.at)
	}
	return chkfmt.Sprintf("State(t0+%s)", o.at)
}

// chkScenario plays ops against NewBreaker(threshold, cooldown) and the
// reference breaker, and reports the first answer that differs, with the
// reference breaker's last change of state to explain it.
func chkScenario(threshold int, cooldown chktime.Duration, ops []chkOp) chkResult {
	steps := []string{chkfmt.Sprintf("b := NewBreaker(%d, %s)", threshold, cooldown)}
	for _, op := range ops {
		steps = append(steps, op.String())
	}
	input := chkstrings.Join(steps, "; ")
	if len(ops) > 14 {
		input = chkfmt.Sprintf("b := NewBreaker(%d, %s), then %d calls between t0 and t0+%s", threshold, cooldown, len(ops), ops[len(ops)-1].at)
	}
	chkInput(input)
	var now, opened chktime.Time
	change := "it has been closed since the start: no run of " + chkCount(threshold, "failure") + " in a row yet"
	ref, err := chkbreaker.New(chkbreaker.Settings{
		Threshold: threshold, Cooldown: cooldown,
		Now: func() chktime.Time { return chkT0 },
		OnStateChange: func(_ string, from, to chkbreaker.State) {
			at := now
			if to == chkbreaker.Open && from == chkbreaker.Closed {
				opened = now
				change = chkfmt.Sprintf("it opened at t0+%s, after %s in a row", now.Sub(chkT0), chkCount(threshold, "failure"))
			} else if to == chkbreaker.Open {
				opened = now
				change = chkfmt.Sprintf("its probe failed at t0+%s, which opened it again for a whole cooldown, until t0+%s", now.Sub(chkT0), now.Add(cooldown).Sub(chkT0))
			} else if to == chkbreaker.HalfOpen {
				at = opened.Add(cooldown)
				change = chkfmt.Sprintf("it opened at t0+%s and became half-open at t0+%s, when the %s cooldown was over: one probe may go through", opened.Sub(chkT0), at.Sub(chkT0), cooldown)
			} else if to == chkbreaker.Closed {
				change = chkfmt.Sprintf("its probe succeeded at t0+%s, which closed it with a fresh failure count", now.Sub(chkT0))
			}
		},
	})
	if err != nil {
		return chkFail("internal: "+err.Error(), input, "", "")
	}
	b := NewBreaker(threshold, cooldown)
	var last chkbreaker.Ticket
	var want, got []string
	for i, op := range ops {
		t := chkT0.Add(op.at)
		now = t
		var w, g, label string
		switch op.kind {
		case "call", "allow":
			tk, err := ref.AllowAt(t)
			allowed := b.Allow(t)
			label = chkfmt.Sprintf("Allow(t0+%s)", op.at)
			w, g = chkfmt.Sprint(err == nil), chkfmt.Sprint(allowed)
			if err == nil {
				last = tk
			}
			if err == chkbreaker.ErrTooManyProbes {
				change += "; the probe is still out, so every other call is refused until it is recorded"
			}
			if w == g && op.kind == "call" && allowed {
				ref.RecordAt(t, tk, op.ok)
				b.Record(op.ok, t)
				w += ", then Record(" + chkfmt.Sprint(op.ok) + ")"
				g = w
			}
		case "record":
			ref.RecordAt(t, last, op.ok)
			b.Record(op.ok, t)
			continue
		case "state":
			label = chkfmt.Sprintf("State(t0+%s)", op.at)
			w, g = chkfmt.Sprintf("%q", ref.StateAt(t).String()), chkfmt.Sprintf("%q", b.State(t))
		}
		want = append(want, label+" = "+w)
		got = append(got, label+" = "+g)
		if w != g {
			msg := chkfmt.Sprintf("%s returned %s, want %s: by the rules the breaker is %s then: %s", label, g, w, ref.StateAt(t), change)
			from := 0
			if len(want) > 4 {
				from = len(want) - 4
			}
			r := chkFail(msg, input, chkstrings.Join(want[from:], "\n"), chkstrings.Join(got[from:], "\n"))
			if chkReadsTheClock(threshold, cooldown, ops[:i+1]) {
				r.mistake = "wall-clock"
			}
			return r
		}
	}
	return chkPass()
}

// chkReadsTheClock replays ops on two fresh breakers, the second with
// every instant a year later and the program's clock running between its
// calls: a breaker that uses only the instants it is given answers both
// the same.
func chkReadsTheClock(threshold int, cooldown chktime.Duration, ops []chkOp) bool {
	a, b := NewBreaker(threshold, cooldown), NewBreaker(threshold, cooldown)
	for _, op := range ops {
		t := chkT0.Add(op.at)
		u := t.Add(chkShift)
		switch op.kind {
		case "call", "allow":
			x := a.Allow(t)
			chktime.Sleep(7 * chktime.Hour)
			if y := b.Allow(u); x != y {
				return true
			}
			if x && op.kind == "call" {
				a.Record(op.ok, t)
				b.Record(op.ok, u)
			}
		case "record":
			a.Record(op.ok, t)
			b.Record(op.ok, u)
		case "state":
			x := a.State(t)
			chktime.Sleep(7 * chktime.Hour)
			if b.State(u) != x {
				return true
			}
		}
	}
	return false
}

// chkShift moves the instants of the clock probe: a year, so that a
// breaker that mixes them with time.Now() sees other distances.
const chkShift = 365 * 24 * chktime.Hour

// chkFailures returns n failed calls at instant at.
func chkFailures(n int, at chktime.Duration) []chkOp {
	var ops []chkOp
	for i := 0; i < n; i++ {
		ops = append(ops, chkCall(at, false))
	}
	return ops
}

func chkJoin(parts ...[]chkOp) []chkOp {
	var all []chkOp
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

func chkClosedAllows() chkResult {
	var ops []chkOp
	for i := 0; i < 10; i++ {
		ops = append(ops, chkCall(chktime.Duration(i)*chkS, true))
	}
	ops = append(ops, chkState(10*chkS), chkCall(11*chkS, false), chkCall(12*chkS, false), chkState(12*chkS), chkCall(13*chkS, true))
	return chkScenario(3, 30*chkS, ops)
}

func chkOpensAtThreshold() chkResult {
	if r := chkScenario(5, 30*chkS, chkJoin(chkFailures(4, 10*chkS), []chkOp{chkState(10 * chkS)}, chkFailures(1, 10*chkS), []chkOp{chkState(10 * chkS), chkAllow(11 * chkS)})); !r.pass {
		return r
	}
	if r := chkScenario(1, 5*chkS, []chkOp{chkCall(0, true), chkCall(chkS, false), chkState(chkS), chkAllow(2 * chkS)}); !r.pass {
		return r
	}
	r := chkRand(1)
	for n := 0; n < 6; n++ {
		threshold := 1 + r.IntN(9)
		at := chktime.Duration(r.Int64N(int64(10 * chkS)))
		if res := chkScenario(threshold, chkRandomCooldown(r), chkJoin(chkFailures(threshold-1, at), []chkOp{chkState(at)}, chkFailures(1, at+chkS), []chkOp{chkState(at + chkS), chkAllow(at + 2*chkS)})); !res.pass {
			return res
		}
	}
	return chkPass()
}

func chkRandomCooldown(r *chkrand.Rand) chktime.Duration {
	return chktime.Duration(1+r.Int64N(int64(60*chkS))) + chktime.Duration(r.IntN(1000))
}

func chkSuccessResets() chkResult {
	return chkScenario(3, 30*chkS, chkJoin(
		chkFailures(2, chkS), []chkOp{chkCall(2*chkS, true)}, chkFailures(2, 3*chkS),
		[]chkOp{chkState(3 * chkS), chkCall(4*chkS, false), chkState(4 * chkS)},
	))
}

func chkFailsFast() chkResult {
	if r := chkScenario(5, 30*chkS, chkJoin(chkFailures(5, 10*chkS), []chkOp{
		chkAllow(15 * chkS), chkState(20 * chkS), chkAllow(39*chkS + 999*chktime.Millisecond),
	})); !r.pass {
		return r
	}
	r := chkRand(2)
	for n := 0; n < 6; n++ {
		threshold, cooldown := 1+r.IntN(6), chkRandomCooldown(r)
		at := chktime.Duration(r.Int64N(int64(10 * chkS)))
		if res := chkScenario(threshold, cooldown, chkJoin(chkFailures(threshold, at), []chkOp{
			chkAllow(at + cooldown/2), chkState(at + cooldown - 1), chkAllow(at + cooldown - 1),
		})); !res.pass {
			return res
		}
	}
	return chkPass()
}

func chkHalfOpenProbe() chkResult {
	if r := chkScenario(5, 30*chkS, chkJoin(chkFailures(5, 10*chkS), []chkOp{
		chkState(40 * chkS), chkAllow(40 * chkS), chkAllow(40 * chkS), chkAllow(41 * chkS), chkState(42 * chkS),
	})); !r.pass {
		return r
	}
	r := chkRand(3)
	for n := 0; n < 6; n++ {
		threshold, cooldown := 1+r.IntN(6), chkRandomCooldown(r)
		at := chktime.Duration(r.Int64N(int64(10 * chkS)))
		if res := chkScenario(threshold, cooldown, chkJoin(chkFailures(threshold, at), []chkOp{
			chkState(at + cooldown), chkAllow(at + cooldown), chkAllow(at + cooldown), chkAllow(at + cooldown + cooldown/2),
		})); !res.pass {
			return res
		}
	}
	return chkPass()
}

func chkProbeSuccessCloses() chkResult {
	return chkScenario(5, 30*chkS, chkJoin(chkFailures(5, 10*chkS), []chkOp{
		chkAllow(40 * chkS), chkRecord(41*chkS, true), chkState(41 * chkS), chkAllow(42 * chkS),
	}, chkFailures(4, 43*chkS), []chkOp{chkState(43 * chkS)}, chkFailures(1, 44*chkS), []chkOp{chkState(44 * chkS)}))
}

func chkProbeFailureReopens() chkResult {
	return chkScenario(5, 30*chkS, chkJoin(chkFailures(5, 10*chkS), []chkOp{
		chkAllow(45 * chkS), chkRecord(46*chkS, false), chkState(46 * chkS), chkAllow(50 * chkS),
		chkAllow(75*chkS + 999*chktime.Millisecond), chkState(76 * chkS), chkAllow(76 * chkS), chkRecord(76*chkS, true), chkState(76 * chkS),
	}))
}

// chkRandomTrace alternates healthy and failing spells of a dependency,
// with state queries, on a seeded source.
func chkRandomTrace() chkResult {
	r := chkRand(4)
	if res := chkTrace(r, 4, 20*chkS); !res.pass {
		return res
	}
	for n := 0; n < 2; n++ {
		if res := chkTrace(r, 1+r.IntN(8), chkRandomCooldown(r)); !res.pass {
			return res
		}
	}
	return chkPass()
}

func chkTrace(r *chkrand.Rand, threshold int, cooldown chktime.Duration) chkResult {
	var ops []chkOp
	at := chktime.Duration(0)
	failRate := 0.2
	for len(ops) < 400 {
		if r.IntN(25) == 0 {
			failRate = []float64{0.05, 0.5, 0.9, 1}[r.IntN(4)]
		}
		at += chktime.Duration(r.Int64N(int64(4 * chkS)))
		if r.IntN(6) == 0 {
			ops = append(ops, chkState(at))
			continue
		}
		ops = append(ops, chkCall(at, r.Float64() >= failRate))
	}
	return chkScenario(threshold, cooldown, ops)
}
