//go:build ignore

package main

import (
	chkcontext "context"
	chkfmt "fmt"
	chkrand "math/rand/v2"
	chkstrconv "strconv"
	chktime "time"

	chkclassify "github.com/flakylab/flakylab/core/classify"
	chkprovider "github.com/flakylab/flakylab/core/provider"
)

// The checks that hold Do to the details: the backoff doubles after every
// retry (one that followed Retry-After included), every jitter draw comes
// from p.Rand, every status gets exercise 2's answer, and random scripts
// behave as the rules say.

// chkRetrySamples plays s with many seeds and returns the waits of each
// retry, in order, over all of them.
func chkRetrySamples(s chkSetup, runs int, wantCalls int) ([][]chktime.Duration, chkResult) {
	per := make([][]chktime.Duration, wantCalls-1)
	for n := 0; n < runs; n++ {
		s.seed = chkSeed*1000 + uint64(n)
		o, r := chkExpect(s, wantCalls, 200, nil, nil)
		if !r.pass {
			return nil, r
		}
		for i, d := range o.sleeps {
			per[i] = append(per[i], d)
		}
	}
	return per, chkPass()
}

// chkDoublingCheck: without Retry-After, retry n waits a full-jitter delay
// spread over [0, Base·2^(n-1)); after a retry that followed Retry-After,
// the backoff has doubled all the same.
func chkDoublingCheck() chkResult {
	plain := chkSetup{steps: []chkprovider.Step{chkStatus(503), chkStatus(500), chkStatus(502), chkOK()}, maxAttempts: 5, base: 100 * chkMs, limit: chktime.Second}
	mixed := chkSetup{steps: []chkprovider.Step{chk429("2"), chkStatus(503), chkStatus(503), chkOK()}, maxAttempts: 5, base: 100 * chkMs, limit: chktime.Second}
	for _, s := range []chkSetup{plain, mixed} {
		per, r := chkRetrySamples(s, 80, 4)
		if !r.pass {
			return r
		}
		b := s.base
		for i, samples := range per {
			if i == 0 && s.steps[0].Header["Retry-After"] != "" {
				b = 2 * b // Retry-After's wait, exact; the backoff still doubles
				continue
			}
			if problem := chkSpread(samples, b); problem != "" {
				res := chkFail(chkfmt.Sprintf("retry %d's waits over 80 runs: %s", i+1, problem),
					chkDescribe(s)+", 80 times with different seeds",
					chkfmt.Sprintf("retry %d's waits spread evenly over [0, %s): the backoff is Base doubled %s", i+1, chkDur(b), chkCount(i, "time")),
					chkSummary(samples))
				if chkMax(samples) < b/2 {
					res.mistake = "no-doubling"
					if s.steps[0].Header["Retry-After"] != "" {
						res.mistake = "no-doubling-after-retry-after"
					}
				}
				return res
			}
			if b = 2 * b; b > s.limit {
				b = s.limit
			}
		}
	}
	return chkPass()
}

func chkMax(ds []chktime.Duration) chktime.Duration {
	m := chktime.Duration(0)
	for _, d := range ds {
		if d > m {
			m = d
		}
	}
	return m
}

// chkSeededCheck: two runs whose p.Rand have the same seed wait the same;
// other seeds wait otherwise.
func chkSeededCheck() chkResult {
	s := chkSetup{steps: []chkprovider.Step{chkStatus(503), chkStatus(500), chkStatus(503), chkOK()}, maxAttempts: 5, base: chktime.Second, limit: 8 * chktime.Second, seed: chkSeed}
	a, r := chkExpect(s, 4, 200, nil, nil)
	if !r.pass {
		return r
	}
	b, r := chkExpect(s, 4, 200, nil, nil)
	if !r.pass {
		return r
	}
	input := chkDescribe(s) + chkfmt.Sprintf(", twice, with p.Rand = rand.New(rand.NewPCG(%d, 3)) both times", s.seed)
	if chkDurs(a.sleeps) != chkDurs(b.sleeps) {
		res := chkFail("two runs with the same seed in p.Rand waited differently: draw every jitter from p.Rand, not from the package-level math/rand functions",
			input, chkDurs(a.sleeps), chkDurs(b.sleeps))
		res.mistake = "global-rand"
		return res
	}
	s.seed++
	c, r := chkExpect(s, 4, 200, nil, nil)
	if !r.pass {
		return r
	}
	if chkDurs(a.sleeps) == chkDurs(c.sleeps) {
		return chkFail("runs with different seeds in p.Rand waited the same: the waits do not come from p.Rand", chkDescribe(s)+" with two seeds",
			"two different lists of waits", chkDurs(c.sleeps))
	}
	return chkPass()
}

// chkEveryStatusCheck: each status from 100 to 599 (and some outside) is
// retried exactly when exercise 2's rule says so.
func chkEveryStatusCheck() chkResult {
	codes := []int{0, 99, 600, 999, -1}
	for c := 100; c <= 599; c++ {
		codes = append(codes, c)
	}
	input := "Policy{MaxAttempts: 2, ...}.Do against a call answering each status from 100 to 599, then 200"
	chkInput(input)
	for _, code := range codes {
		calls := 0
		pol := Policy{MaxAttempts: 2, Base: chkMs, Limit: chkMs, Rand: chkRand(20),
			Sleep: func(ctx chkcontext.Context, d chktime.Duration) error { return nil }}
		resp, err := pol.Do(chkcontext.Background(), func(ctx chkcontext.Context) (chkprovider.Response, error) {
			calls++
			if calls == 1 {
				return chkprovider.Response{Status: code}, nil
			}
			return chkprovider.Response{Status: 200}, nil
		})
		d := chkclassify.Status(code)
		want := 1
		if d.Verdict != chkclassify.Never {
			want = 2
		}
		if calls != want || err != nil {
			res := chkFail(chkfmt.Sprintf("a %d was answered with %s, want %s: %s", code, chkCount(calls, "call"), chkCount(want, "call"), d.Reason),
				chkfmt.Sprintf("Policy{MaxAttempts: 2, ...}.Do against a call answering %d, then 200", code),
				chkCount(want, "call"), chkfmt.Sprintf("%s, status %d, error %v", chkCount(calls, "call"), resp.Status, err))
			return res
		}
	}
	return chkPass()
}

// chkRandomScriptsCheck plays random scripts (statuses worth retrying or
// not, Retry-After valid or not, transport errors) with random limits, and
// holds Do to the rules: how many calls, what it returns, exact
// Retry-After waits, jitter within each retry's backoff.
func chkRandomScriptsCheck() chkResult {
	r := chkRand(21)
	for n := 0; n < 40; n++ {
		s := chkSetup{maxAttempts: 1 + r.IntN(6), base: chktime.Duration(1+r.IntN(500)) * chkMs, seed: chkSeed + uint64(n)}
		s.limit = s.base << r.IntN(5)
		for i := 0; i < 1+r.IntN(7); i++ {
			s.steps = append(s.steps, chkRandomStep(r))
		}
		s.repeatLast = r.IntN(2) == 0
		calls, status, err, exact := chkExpected(s)
		o, res := chkExpect(s, calls, status, err, nil)
		if !res.pass {
			return res
		}
		b := s.base
		for i, d := range o.sleeps {
			if exact[i] >= 0 && d != exact[i] {
				return chkFail(chkfmt.Sprintf("retry %d waited %s, want exactly %s as the server asked", i+1, chkDur(d), chkDur(exact[i])),
					chkDescribe(s), chkfmt.Sprintf("retry %d waits %s", i+1, chkDur(exact[i])), chkSummarize(o))
			}
			if exact[i] < 0 && (d < 0 || d >= b) {
				return chkFail(chkfmt.Sprintf("retry %d waited %s, want a full-jitter wait in [0, %s): Base doubled %s, at most Limit", i+1, chkDur(d), chkDur(b), chkCount(i, "time")),
					chkDescribe(s), chkfmt.Sprintf("a wait in [0, %s)", chkDur(b)), chkSummarize(o))
			}
			if b = 2 * b; b > s.limit {
				b = s.limit
			}
		}
	}
	return chkPass()
}

func chkRandomStep(r *chkrand.Rand) chkprovider.Step {
	switch r.IntN(6) {
	case 0:
		return chk429(chkstrconv.Itoa(r.IntN(30)))
	case 1:
		return chk429([]string{"1.5", "soon", "-2", "+3", "2.0", ""}[r.IntN(6)])
	case 2:
		return chkprovider.Step{Err: []error{chkprovider.ErrTimeout, chkprovider.ErrConnectionReset}[r.IntN(2)]}
	case 3:
		return chkStatus([]int{400, 404, 422, 501, 201}[r.IntN(5)])
	}
	return chkStatus([]int{500, 502, 503, 504, 408, 529}[r.IntN(6)])
}

// chkExpected is what Do must do with s: its calls, the status or error
// it returns, and each retry's exact wait (-1 for a full-jitter one).
func chkExpected(s chkSetup) (int, int, error, []chktime.Duration) {
	var exact []chktime.Duration
	for i := 0; ; i++ {
		step := chkprovider.Step{Status: 200}
		if i < len(s.steps) {
			step = s.steps[i]
		} else if s.repeatLast && len(s.steps) > 0 {
			step = s.steps[len(s.steps)-1]
		}
		retry := chkclassify.Status(step.Status).Verdict != chkclassify.Never
		if step.Err != nil {
			retry = chkclassify.Error(step.Err).Verdict != chkclassify.Never
		}
		if !retry || i+1 >= s.maxAttempts {
			return i + 1, step.Status, step.Err, exact
		}
		wait := chktime.Duration(-1)
		if secs, err := chkstrconv.ParseUint(step.Header["Retry-After"], 10, 32); err == nil {
			wait = chktime.Duration(secs) * chktime.Second
		}
		exact = append(exact, wait)
	}
}
