//go:build ignore

package main

import (
	chkcontext "context"
	chkerrors "errors"
	chkfmt "fmt"
	chkrand "math/rand/v2"
	chkstrconv "strconv"
	chkstrings "strings"
	chktime "time"

	chkclock "github.com/flakylab/flakylab/core/clock"
	chkprovider "github.com/flakylab/flakylab/core/provider"
)

var chkChecks = map[string]func() chkResult{
	"success":             chkSuccess,
	"retry-after-exact":   chkRetryAfterExact,
	"backoff-range":       chkBackoffRange,
	"mixed-script":        chkMixedScript,
	"jitter-spread":       chkJitterSpread,
	"never-retry":         chkNeverRetry,
	"attempt-limit":       chkAttemptLimit,
	"transport-errors":    chkTransportErrors,
	"invalid-retry-after": chkInvalidRetryAfter,
	"cancellation":        chkCancellation,
	"doubling":            chkDoublingCheck,
	"seeded":              chkSeededCheck,
	"every-status":        chkEveryStatusCheck,
	"random-scripts":      chkRandomScriptsCheck,
}

var chkT0 = chktime.Date(2025, 3, 1, 9, 0, 0, 0, chktime.UTC)

// chkMaxCalls stops a loop that would call the provider forever.
const chkMaxCalls = 50

var chkErrTooMany = chkerrors.New("check: more than 50 calls, stopping the loop")

// chkOutcome is what one Do did: its calls, their virtual instants, its
// sleeps and what it returned.
type chkOutcome struct {
	virtual chktime.Duration // how far the program's own clock moved
	calls   int
	at      []chktime.Duration
	sleeps  []chktime.Duration
	resp    chkprovider.Response
	err     error
}

type chkSetup struct {
	steps       []chkprovider.Step
	repeatLast  bool
	maxAttempts int
	base, limit chktime.Duration
	seed        uint64
	cancelAt    int // cancel the context during this sleep (1-based); 0 never
}

func chk429(after string) chkprovider.Step {
	return chkprovider.Step{Status: 429, Header: map[string]string{"Retry-After": after}}
}

func chkStatus(code int) chkprovider.Step { return chkprovider.Step{Status: code} }

func chkOK() chkprovider.Step { return chkprovider.Step{Status: 200, Body: []byte("charged")} }

// chkDescribe says what a setup does, for the input field of a message.
func chkDescribe(s chkSetup) string {
	parts := []string{}
	for _, st := range s.steps {
		if st.Err != nil {
			parts = append(parts, st.Err.Error())
		} else if st.Header["Retry-After"] != "" {
			parts = append(parts, chkfmt.Sprintf("%d (Retry-After: %s)", st.Status, st.Header["Retry-After"]))
		} else {
			parts = append(parts, chkfmt.Sprint(st.Status))
		}
	}
	script := chkstrings.Join(parts, ", then ")
	if s.repeatLast {
		script += ", again and again"
	}
	return chkfmt.Sprintf("Policy{MaxAttempts: %d, Base: %s, Limit: %s}.Do against a provider answering %s", s.maxAttempts, s.base, s.limit, script)
}

// chkPlay runs the learner's Do against a scripted provider on a virtual
// clock whose time moves only when Do sleeps.
func chkPlay(s chkSetup) chkOutcome {
	v := chkclock.NewManual(chkT0)
	p, err := chkprovider.New(s.steps, chkprovider.Settings{
		RepeatLast: s.repeatLast,
		Sleep: func(ctx chkcontext.Context, d chktime.Duration) error {
			v.Advance(d)
			return ctx.Err()
		},
	})
	if err != nil {
		panic("check: " + err.Error())
	}
	// Cancel and the clock are settled after Do by hand, in this order.
	ctx, cancel := chkcontext.WithCancel(chkcontext.Background())
	var out chkOutcome
	seed := s.seed
	if seed == 0 {
		seed = 99
	}
	pol := Policy{
		MaxAttempts: s.maxAttempts,
		Base:        s.base,
		Limit:       s.limit,
		Rand:        chkrand.New(chkrand.NewPCG(seed, 3)),
		Sleep: func(ctx chkcontext.Context, d chktime.Duration) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			out.sleeps = append(out.sleeps, d)
			if len(out.sleeps) == s.cancelAt {
				cancel()
				return ctx.Err()
			}
			if len(out.sleeps) > chkMaxCalls {
				return chkErrTooMany
			}
			v.Advance(d)
			return nil
		},
	}
	started := chktime.Now()
	out.resp, out.err = pol.Do(ctx, func(ctx chkcontext.Context) (chkprovider.Response, error) {
		out.calls++
		out.at = append(out.at, v.Now().Sub(chkT0))
		if out.calls > chkMaxCalls {
			return chkprovider.Response{}, chkErrTooMany
		}
		return p.Call(ctx, chkprovider.Request{Method: "POST", Path: "/charges", Body: []byte(`{"amount":50}`)})
	})
	out.virtual = chktime.Since(started)
	cancel()
	return out
}

func chkCalls(n int) string {
	if n == 1 {
		return "1 call"
	}
	return chkfmt.Sprintf("%d calls", n)
}

func chkReturned(o chkOutcome) string {
	if o.err != nil {
		return chkfmt.Sprintf("error %q after %s", o.err, chkCalls(o.calls))
	}
	return chkfmt.Sprintf("status %d after %s", o.resp.Status, chkCalls(o.calls))
}

func chkSummarize(o chkOutcome) string {
	return chkReturned(o) + ", sleeps " + chkDurs(o.sleeps)
}

// chkExpect runs a setup and compares what Do returned, how many calls it
// made and, when exact is not nil, the sleeps it asked for.
func chkExpect(s chkSetup, wantCalls, wantStatus int, wantErr error, exact []chktime.Duration) (chkOutcome, chkResult) {
	input := chkDescribe(s)
	chkInput(input)
	o := chkPlay(s)
	want := chkfmt.Sprintf("status %d after %s", wantStatus, chkCalls(wantCalls))
	if wantErr != nil {
		want = chkfmt.Sprintf("error %q after %s", wantErr, chkCalls(wantCalls))
	}
	if exact != nil {
		want += ", sleeps " + chkDurs(exact)
	}
	fail := func(msg string) (chkOutcome, chkResult) {
		return o, chkFail(msg, input, want, chkSummarize(o))
	}
	if o.calls > chkMaxCalls {
		return fail("Do kept calling the provider (more than 50 calls): it must stop at MaxAttempts and at answers not worth retrying")
	}
	if o.calls != wantCalls {
		return fail(chkfmt.Sprintf("Do called the provider %d times, want %d", o.calls, wantCalls))
	}
	if wantErr != nil {
		if !chkerrors.Is(o.err, wantErr) {
			return fail(chkfmt.Sprintf("Do returned %s, want the error %q", chkReturned(o), wantErr))
		}
	} else if o.err != nil || o.resp.Status != wantStatus {
		return fail(chkfmt.Sprintf("Do returned %s, want the last response, status %d, with a nil error", chkReturned(o), wantStatus))
	}
	if len(o.sleeps) != wantCalls-1 {
		_, r := fail(chkfmt.Sprintf("Do slept %s through p.Sleep for %s, want %d: wait through p.Sleep before every retry, and only then", chkCount(len(o.sleeps), "time"), chkCalls(o.calls), wantCalls-1))
		if len(o.sleeps) == 0 && wantCalls > 1 && o.virtual > 0 {
			r.mistake = "own-sleep"
		}
		return o, r
	}
	for i, d := range exact {
		if i < len(o.sleeps) && o.sleeps[i] != d {
			return fail(chkfmt.Sprintf("retry %d waited %s, want exactly %s as the server asked", i+1, chkDur(o.sleeps[i]), chkDur(d)))
		}
	}
	return o, chkPass()
}

func chkSuccess() chkResult {
	_, r := chkExpect(chkSetup{steps: []chkprovider.Step{chkOK()}, maxAttempts: 3, base: chktime.Second, limit: 8 * chktime.Second}, 1, 200, nil, []chktime.Duration{})
	return r
}

func chkRetryAfterExact() chkResult {
	if _, r := chkExpect(chkSetup{steps: []chkprovider.Step{chk429("2"), chkOK()}, maxAttempts: 3, base: chktime.Second, limit: 8 * chktime.Second}, 2, 200, nil, []chktime.Duration{2 * chktime.Second}); !r.pass {
		return r
	}
	steps := []chkprovider.Step{
		{Status: 503, Header: map[string]string{"Retry-After": "5"}},
		chk429("1"),
		chk429("30"),
		chkOK(),
	}
	_, r := chkExpect(chkSetup{steps: steps, maxAttempts: 5, base: 100 * chkMs, limit: chktime.Second}, 4, 200, nil,
		[]chktime.Duration{5 * chktime.Second, chktime.Second, 30 * chktime.Second})
	return r
}

const chkMs = chktime.Millisecond

// chkInRange checks each sleep against its full-jitter range.
func chkInRange(o chkOutcome, s chkSetup, from int) chkResult {
	b := s.base
	for i, d := range o.sleeps {
		if i >= from {
			if d < 0 || d >= b {
				return chkFail(chkfmt.Sprintf("retry %d waited %s, want a full-jitter wait in [0, %s): the backoff of retry n is Base doubled n-1 times, at most Limit", i+1, chkDur(d), chkDur(b)),
					chkDescribe(s), chkfmt.Sprintf("a wait in [0, %s)", chkDur(b)), chkSummarize(o))
			}
		}
		if b = 2 * b; b > s.limit {
			b = s.limit
		}
	}
	return chkPass()
}

func chkBackoffRange() chkResult {
	s := chkSetup{steps: []chkprovider.Step{chkStatus(500), chkStatus(502), chkStatus(503), chkStatus(504), chkOK()}, maxAttempts: 5, base: 100 * chkMs, limit: 250 * chkMs}
	for seed := uint64(1); seed <= 20; seed++ {
		s.seed = chkSeed*1000 + seed
		o, r := chkExpect(s, 5, 200, nil, nil)
		if !r.pass {
			return r
		}
		if r := chkInRange(o, s, 0); !r.pass {
			return r
		}
	}
	return chkPass()
}

func chkMixedScript() chkResult {
	s := chkSetup{steps: []chkprovider.Step{chk429("2"), chkStatus(500), chkOK()}, maxAttempts: 4, base: chktime.Second, limit: 8 * chktime.Second}
	for seed := uint64(1); seed <= 20; seed++ {
		s.seed = chkSeed*1000 + seed
		o, r := chkExpect(s, 3, 200, nil, []chktime.Duration{2 * chktime.Second})
		if !r.pass {
			return r
		}
		if r := chkInRange(o, s, 1); !r.pass {
			return r
		}
	}
	return chkPass()
}

func chkJitterSpread() chkResult {
	s := chkSetup{steps: []chkprovider.Step{chkStatus(503), chkOK()}, maxAttempts: 3, base: chktime.Second, limit: 8 * chktime.Second}
	var first []chktime.Duration
	for seed := uint64(1); seed <= 100; seed++ {
		s.seed = chkSeed*1000 + seed
		o, r := chkExpect(s, 2, 200, nil, nil)
		if !r.pass {
			return r
		}
		first = append(first, o.sleeps[0])
	}
	if problem := chkSpread(first, chktime.Second); problem != "" {
		return chkFail("the first retry's waits over 100 runs: "+problem, chkDescribe(s)+", 100 times with different seeds",
			"waits spread evenly over [0, 1s)", chkSummary(first))
	}
	return chkPass()
}

func chkNeverRetry() chkResult {
	for _, code := range []int{400, 401, 404, 422, 501} {
		if _, r := chkExpect(chkSetup{steps: []chkprovider.Step{chkStatus(code), chkOK()}, maxAttempts: 4, base: chktime.Second, limit: 8 * chktime.Second}, 1, code, nil, []chktime.Duration{}); !r.pass {
			return r
		}
	}
	return chkPass()
}

func chkAttemptLimit() chkResult {
	if _, r := chkExpect(chkSetup{steps: []chkprovider.Step{chkStatus(503)}, repeatLast: true, maxAttempts: 4, base: 10 * chkMs, limit: chktime.Second}, 4, 503, nil, nil); !r.pass {
		return r
	}
	_, r := chkExpect(chkSetup{steps: []chkprovider.Step{chkStatus(503)}, repeatLast: true, maxAttempts: 1, base: 10 * chkMs, limit: chktime.Second}, 1, 503, nil, nil)
	return r
}

func chkTransportErrors() chkResult {
	steps := []chkprovider.Step{{Err: chkprovider.ErrTimeout}, {Err: chkprovider.ErrConnectionReset}, chkOK()}
	if _, r := chkExpect(chkSetup{steps: steps, maxAttempts: 4, base: 10 * chkMs, limit: chktime.Second}, 3, 200, nil, nil); !r.pass {
		return r
	}
	_, r := chkExpect(chkSetup{steps: []chkprovider.Step{{Err: chkprovider.ErrTimeout}}, repeatLast: true, maxAttempts: 3, base: 10 * chkMs, limit: chktime.Second}, 3, 0, chkprovider.ErrTimeout, nil)
	return r
}

func chkInvalidRetryAfter() chkResult {
	r := chkRand(22)
	scripts := [][]string{{"soon", "-3"}, {"1.5", "2.0"}, {"+2", "1e1"}, {"0x10", " "}}
	for i := 0; i < 4; i++ {
		n := chkstrconv.Itoa(1 + r.IntN(9))
		scripts = append(scripts, []string{n + "." + chkstrconv.Itoa(1+r.IntN(9)), []string{"-" + n, n + "s", n + "e0"}[r.IntN(3)]})
	}
	for _, values := range scripts {
		s := chkSetup{steps: []chkprovider.Step{chk429(values[0]), chk429(values[1]), chkOK()}, maxAttempts: 4, base: 100 * chkMs, limit: 8 * chktime.Second}
		for seed := uint64(1); seed <= 5; seed++ {
			s.seed = chkSeed + seed
			o, res := chkExpect(s, 3, 200, nil, nil)
			if !res.pass {
				return res
			}
			if res := chkInRange(o, s, 0); !res.pass {
				res.message += " (a Retry-After that is not a whole number of seconds is ignored)"
				res.mistake = "honours-invalid-retry-after"
				return res
			}
		}
	}
	return chkPass()
}

func chkCancellation() chkResult {
	s := chkSetup{steps: []chkprovider.Step{chkStatus(503)}, repeatLast: true, maxAttempts: 5, base: chktime.Second, limit: 8 * chktime.Second, cancelAt: 1}
	input := chkDescribe(s) + "; the context is cancelled during the first wait"
	chkInput(input)
	o := chkPlay(s)
	want := "error \"context canceled\" after 1 call"
	if o.calls != 1 || !chkerrors.Is(o.err, chkcontext.Canceled) {
		msg := chkfmt.Sprintf("Do returned %s: when p.Sleep returns an error, return it at once, without calling again", chkReturned(o))
		return chkFail(msg, input, want, chkSummarize(o))
	}
	if o.resp.Status != 0 {
		return chkFail(chkfmt.Sprintf("Do returned the error with a status %d response, want a zero provider.Response", o.resp.Status), input, want, chkSummarize(o))
	}
	return chkCallerCancels()
}

// chkCallerCancels: the caller cancels while the call is out, and the call
// returns the context's error, wrapped: that is not a transport failure
// to retry but nobody waiting any more.
func chkCallerCancels() chkResult {
	input := "Policy{MaxAttempts: 5, Base: 1s, Limit: 8s}.Do where the caller cancels ctx during the first call, which returns fmt.Errorf(\"POST /charges: %w\", ctx.Err())"
	chkInput(input)
	ctx, cancel := chkcontext.WithCancel(chkcontext.Background())
	defer cancel()
	var sleeps []chktime.Duration
	calls := 0
	pol := Policy{MaxAttempts: 5, Base: chktime.Second, Limit: 8 * chktime.Second, Rand: chkRand(23),
		Sleep: func(ctx chkcontext.Context, d chktime.Duration) error {
			sleeps = append(sleeps, d)
			return nil // a careless sleep: only Do's own decision can stop the loop
		}}
	resp, err := pol.Do(ctx, func(ctx chkcontext.Context) (chkprovider.Response, error) {
		calls++
		cancel()
		return chkprovider.Response{}, chkfmt.Errorf("POST /charges: %w", ctx.Err())
	})
	want := "error \"POST /charges: context canceled\" after 1 call, sleeps []"
	got := chkfmt.Sprintf("error %q after %s, status %d, sleeps %s", chkfmt.Sprint(err), chkCalls(calls), resp.Status, chkDurs(sleeps))
	if calls != 1 || len(sleeps) != 0 || !chkerrors.Is(err, chkcontext.Canceled) {
		r := chkFail(chkfmt.Sprintf("Do made %s and slept %s after the caller cancelled: the caller's own cancellation is not worth retrying (exercise 2's rule); return its error at once",
			chkCalls(calls), chkCount(len(sleeps), "time")), input, want, got)
		r.mistake = "retries-cancel"
		return r
	}
	return chkPass()
}
