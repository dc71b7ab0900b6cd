//go:build ignore

package main

import (
	chkfmt "fmt"
	chkrand "math/rand/v2"
	chkstrings "strings"
	chktime "time"

	chkidem "github.com/flakylab/flakylab/core/idempotency"
)

var chkChecks = map[string]func() chkResult{
	"fresh-then-replay":    chkFreshThenReplay,
	"separate-keys":        chkSeparateKeys,
	"mismatch":             chkMismatch,
	"in-flight":            chkInFlight,
	"replay-failures":      chkReplayFailures,
	"expiry":               chkExpiry,
	"expiry-in-flight":     chkExpiryInFlight,
	"ttl-from-first-begin": chkTTLFromFirstBegin,
	"random-trace":         chkRandomTrace,
}

var chkT0 = chktime.Date(2025, 3, 1, 9, 0, 0, 0, chktime.UTC)

// chkOp is one step of a scenario: a Begin, or a Complete when complete
// is set.
type chkOp struct {
	complete bool
	key, fp  string
	at       chktime.Duration // Begin's instant, from t0
	status   int              // Complete's response
	body     string
}

func chkBegin(key, fp string, at chktime.Duration) chkOp { return chkOp{key: key, fp: fp, at: at} }

func chkComplete(key string, status int, body string) chkOp {
	return chkOp{complete: true, key: key, status: status, body: body}
}

func (o chkOp) String() string {
	if o.complete {
		return chkfmt.Sprintf("Complete(%q, Response{%d, %q})", o.key, o.status, o.body)
	}
	return chkfmt.Sprintf("Begin(%q, %q, t0+%s)", o.key, o.fp, o.at)
}

func chkName(o Outcome) string {
	switch o {
	case Fresh:
		return "Fresh"
	case Replay:
		return "Replay"
	case Mismatch:
		return "Mismatch"
	case InFlight:
		return "InFlight"
	}
	return chkfmt.Sprintf("Outcome(%d)", int(o))
}

func chkRefName(o chkidem.Outcome) string {
	switch o {
	case chkidem.Fresh:
		return "Fresh"
	case chkidem.Replay:
		return "Replay"
	case chkidem.Mismatch:
		return "Mismatch"
	case chkidem.InFlight:
		return "InFlight"
	}
	return o.String()
}

func chkShow(outcome string, status int, body string) string {
	if outcome == "Replay" {
		return chkfmt.Sprintf("Replay {%d %q}", status, body)
	}
	return outcome
}

// chkScenario plays ops against NewStore(ttl) and the reference store and
// reports the first Begin whose answer differs.
func chkScenario(ttl chktime.Duration, ops []chkOp, why func(i int, want, got string) string) chkResult {
	steps := []string{chkfmt.Sprintf("s := NewStore(%s)", ttl)}
	for _, op := range ops {
		steps = append(steps, op.String())
	}
	input := chkstrings.Join(steps, "; ")
	if len(ops) > 12 {
		input = chkfmt.Sprintf("s := NewStore(%s), then %d calls to Begin and Complete over %s", ttl, len(ops), ops[len(ops)-1].at)
	}
	chkInput(input)
	now := chkT0
	ref, err := chkidem.New(chkidem.Settings{TTL: ttl, Now: func() chktime.Time { return now }})
	if err != nil {
		return chkFail("internal: "+err.Error(), input, "", "")
	}
	s := NewStore(ttl)
	var want, got []string
	for i, op := range ops {
		if op.complete {
			if err := ref.Complete(op.key, chkidem.Response{Status: op.status, Body: []byte(op.body)}); err != nil {
				return chkFail(chkfmt.Sprintf("internal: %s: %v", op, err), input, "", "")
			}
			s.Complete(op.key, Response{Status: op.status, Body: op.body})
			continue
		}
		now = chkT0.Add(op.at)
		res, err := ref.Begin(op.key, op.fp)
		if err != nil {
			return chkFail("internal: "+err.Error(), input, "", "")
		}
		o, resp := s.Begin(op.key, op.fp, now)
		w := chkShow(chkRefName(res.Outcome), res.Response.Status, string(res.Response.Body))
		g := chkShow(chkName(o), resp.Status, resp.Body)
		want = append(want, op.String()+" = "+w)
		got = append(got, op.String()+" = "+g)
		if w == g && chkName(o) != "Replay" && resp != (Response{}) {
			g = chkName(o) + chkfmt.Sprintf(" with the response {%d %q}", resp.Status, resp.Body)
			got[len(got)-1] = op.String() + " = " + g
			r := chkFail(chkfmt.Sprintf("%s returned %s: only a Replay carries a stored response; with %s return a zero Response, or one client reads another's answer",
				op.String(), g, chkName(o)), input, chkstrings.Join(want, "\n"), chkstrings.Join(got, "\n"))
			r.mistake = "leaks-response"
			return r
		}
		if w != g {
			msg := chkfmt.Sprintf("%s returned %s, want %s", op.String(), g, w)
			if why != nil {
				if extra := why(i, w, g); extra != "" {
					msg += ": " + extra
				}
			}
			from := 0
			if len(want) > 3 {
				from = len(want) - 3
			}
			r := chkFail(msg, input, chkstrings.Join(want[from:], "\n"), chkstrings.Join(got[from:], "\n"))
			if chkReadsTheClock(ttl, ops[:i+1]) {
				r.mistake = "wall-clock"
			}
			return r
		}
	}
	return chkPass()
}

// chkReadsTheClock replays ops on two fresh stores, the second with every
// instant a year later and the program's clock running between its calls:
// a store that uses only the instants it is given answers both the same.
func chkReadsTheClock(ttl chktime.Duration, ops []chkOp) bool {
	a, b := NewStore(ttl), NewStore(ttl)
	for _, op := range ops {
		if op.complete {
			a.Complete(op.key, Response{Status: op.status, Body: op.body})
			b.Complete(op.key, Response{Status: op.status, Body: op.body})
			continue
		}
		now := chkT0.Add(op.at)
		o1, r1 := a.Begin(op.key, op.fp, now)
		chktime.Sleep(7 * chktime.Hour)
		o2, r2 := b.Begin(op.key, op.fp, now.Add(365*24*chktime.Hour))
		if o1 != o2 || r1 != r2 {
			return true
		}
	}
	return false
}

const chkMin = chktime.Minute

func chkFreshThenReplay() chkResult {
	return chkScenario(24*chktime.Hour, []chkOp{
		chkBegin("k1", "charge 50", 0),
		chkComplete("k1", 201, "charged"),
		chkBegin("k1", "charge 50", chkMin),
		chkBegin("k1", "charge 50", 2*chkMin),
	}, func(i int, want, got string) string {
		if got == "Fresh" {
			return "a completed key must be remembered, or the retry charges the customer again"
		}
		return ""
	})
}

func chkSeparateKeys() chkResult {
	return chkScenario(24*chktime.Hour, []chkOp{
		chkBegin("k1", "charge 50", 0),
		chkComplete("k1", 201, "charged k1"),
		chkBegin("k1", "charge 50", chkMin),
		chkBegin("k2", "charge 50", chkMin),
		chkComplete("k2", 201, "charged k2"),
		chkBegin("k2", "charge 50", 2*chkMin),
		chkBegin("k1", "charge 50", 2*chkMin),
	}, nil)
}

func chkMismatch() chkResult {
	return chkScenario(24*chktime.Hour, []chkOp{
		chkBegin("k1", "charge 50", 0),
		chkComplete("k1", 201, "charged"),
		chkBegin("k1", "charge 70", chkMin),
		chkBegin("k1", "charge 50", 2*chkMin),
	}, func(i int, want, got string) string {
		if want == "Mismatch" {
			return "the key was first used for a different request; compare the fingerprints before anything else"
		}
		return "a mismatch must leave the stored entry alone"
	})
}

func chkInFlight() chkResult {
	return chkScenario(24*chktime.Hour, []chkOp{
		chkBegin("k1", "charge 50", 0),
		chkBegin("k1", "charge 50", chkMin),
		chkBegin("k1", "charge 70", chkMin),
		chkComplete("k1", 201, "charged"),
		chkBegin("k1", "charge 50", 2*chkMin),
	}, func(i int, want, got string) string {
		if want == "InFlight" {
			return "the first request with this key has not completed yet; answering Fresh would run the work twice"
		}
		return ""
	})
}

func chkReplayFailures() chkResult {
	return chkScenario(24*chktime.Hour, []chkOp{
		chkBegin("k1", "charge 50", 0),
		chkComplete("k1", 500, "internal error"),
		chkBegin("k1", "charge 50", chkMin),
		chkBegin("k2", "charge 90", chkMin),
		chkComplete("k2", 402, "card declined"),
		chkBegin("k2", "charge 90", 2*chkMin),
	}, func(i int, want, got string) string {
		return "a stored failure replays like a success: the server already answered that request"
	})
}

func chkExpiry() chkResult {
	return chkScenario(chktime.Hour, []chkOp{
		chkBegin("k1", "charge 50", 0),
		chkComplete("k1", 201, "charged"),
		chkBegin("k1", "charge 50", 59*chkMin+59*chktime.Second),
		chkBegin("k1", "charge 50", chktime.Hour),
		chkComplete("k1", 201, "charged again"),
		chkBegin("k1", "charge 50", chktime.Hour+chkMin),
		chkBegin("k2", "charge 70", 3*chktime.Hour),
		chkBegin("k1", "charge 90", 3*chktime.Hour),
	}, func(i int, want, got string) string {
		if want == "Fresh" {
			return "the key has expired (created at t0, ttl 1h: gone once now >= t0+1h) and must be treated as new"
		}
		return ""
	})
}

func chkExpiryInFlight() chkResult {
	return chkScenario(10*chkMin, []chkOp{
		chkBegin("k1", "charge 50", 0),
		chkBegin("k1", "charge 50", 5*chkMin),
		chkBegin("k1", "charge 50", 10*chkMin),
	}, func(i int, want, got string) string {
		if want == "Fresh" {
			return "a key expires ttl after it was created even if it never completed, so a crashed worker cannot lock it forever"
		}
		return ""
	})
}

func chkTTLFromFirstBegin() chkResult {
	return chkScenario(chktime.Hour, []chkOp{
		chkBegin("k1", "charge 50", 0),
		chkComplete("k1", 201, "charged"),
		chkBegin("k1", "charge 50", 30*chkMin),
		chkBegin("k1", "charge 50", 59*chkMin),
		chkBegin("k1", "charge 50", chktime.Hour+chktime.Second),
	}, func(i int, want, got string) string {
		if want == "Fresh" {
			return "the ttl runs from the Begin that created the key; replays must not extend it"
		}
		return ""
	})
}

// chkRandomTrace mixes keys, fingerprints, completions and the passing of
// time, completing only keys that are in flight and alive.
func chkRandomTrace() chkResult {
	r := chkRand(1)
	ttl := chktime.Duration(10+r.IntN(110)) * chkMin
	keys := []string{"k1", "k2", "k3", "k4"}
	fps := []string{"charge 50", "charge 70"}
	inFlight := map[string]chktime.Duration{} // key -> its expiry, per the reference
	var ops []chkOp
	at := chktime.Duration(0)
	// A shadow reference store tells which keys are in flight.
	now := chkT0
	shadow, _ := chkidem.New(chkidem.Settings{TTL: ttl, Now: func() chktime.Time { return now }})
	for len(ops) < 300 {
		at += chktime.Duration(r.Int64N(int64(12 * chkMin)))
		now = chkT0.Add(at)
		if r.IntN(3) == 0 {
			for _, k := range keys {
				if exp, ok := inFlight[k]; ok && at < exp {
					body := chkfmt.Sprintf("response %d", len(ops))
					ops = append(ops, chkComplete(k, []int{200, 201, 500}[r.IntN(3)], body))
					_ = shadow.Complete(k, chkidem.Response{})
					delete(inFlight, k)
					break
				}
			}
			continue
		}
		k := keys[r.IntN(len(keys))]
		fp := fps[r.IntN(len(fps))]
		ops = append(ops, chkBegin(k, fp, at))
		if res, _ := shadow.Begin(k, fp); res.Outcome == chkidem.Fresh {
			inFlight[k] = at + ttl
		}
	}
	return chkScenario(ttl, ops, nil)
}
