package storm

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seeds are the seeds the behavioural tests average over.
var seeds = []uint64{1, 2, 3}

func run(t testing.TB, c Config) Result {
	t.Helper()
	r, err := Run(c)
	require.NoError(t, err, "Run(%+v)", c)
	return r
}

// peakOffered returns the most calls that arrived in one slice in [from, to).
func peakOffered(r Result, from, to time.Duration) int {
	peak := 0
	for _, s := range r.Slices {
		if s.Start >= from && s.Start < to {
			peak = max(peak, s.Offered)
		}
	}
	return peak
}

// offered returns the calls that arrived in [from, to).
func offered(r Result, from, to time.Duration) int {
	n := 0
	for _, s := range r.Slices {
		if s.Start >= from && s.Start < to {
			n += s.Offered
		}
	}
	return n
}

func TestRunIsDeterministic(t *testing.T) {
	for _, s := range Strategies() {
		c := Config{Strategy: s, Seed: 7, Breaker: s == EqualJitter, ClientRate: 5}
		a, b := run(t, c), run(t, c)
		require.Equal(t, a, b, "two runs of %v", s)
	}
	a := run(t, Config{Strategy: FullJitter, Seed: 1})
	b := run(t, Config{Strategy: FullJitter, Seed: 2})
	assert.NotEqual(t, a.TotalCalls, b.TotalCalls, "different seeds, same calls")
}

// TestRunAccounting checks that the series and the totals tell the same
// story and that every request is accounted for.
func TestRunAccounting(t *testing.T) {
	for _, s := range Strategies() {
		for _, br := range []bool{false, true} {
			c := Config{Strategy: s, Breaker: br, MaxAttempts: 4, Seed: 3}
			r := run(t, c)
			var offered, retries, ok, failed int
			for i, sl := range r.Slices {
				require.Equal(t, time.Duration(i)*DefaultSlice, sl.Start, "%v slice %d", s, i)
				require.Equal(t, sl.Offered, sl.Succeeded+sl.Failed, "%v slice %d", s, i)
				offered += sl.Offered
				retries += sl.Retries
				ok += sl.Succeeded
				failed += sl.Failed
			}
			name := s.String()
			assert.Equal(t, r.TotalCalls, offered, "%s: calls in slices", name)
			assert.Equal(t, r.Successes, ok, "%s: successes in slices", name)
			assert.Equal(t, r.Failures, failed, "%s: failures in slices", name)
			assert.Equal(t, r.TotalCalls, r.Successes+r.Failures, name)
			// Every request makes a first call unless its client's breaker
			// refused it before it had made one.
			first := r.TotalCalls - retries
			assert.LessOrEqual(t, first, r.Requests, "%s: first calls", name)
			assert.GreaterOrEqual(t, first, r.Requests-r.Refused, "%s: first calls", name)
			assert.Equal(t, DefaultClients*60, r.Requests, name)
			assert.Zero(t, r.Unfinished, name)
			assert.Equal(t, r.Requests, r.Successes+r.GaveUp, "%s: every request settled", name)
			assert.LessOrEqual(t, r.Refused, r.GaveUp, name)
			if !br {
				assert.Zero(t, r.Refused, name)
			}
			assert.GreaterOrEqual(t, r.Completion, DefaultDuration-DefaultRequestInterval, name)
			assert.Less(t, r.Completion, 2*DefaultDuration, name)
			assert.Equal(t, int(r.Completion/DefaultSlice)+1, len(r.Slices), "%s: series ends with the run", name)
		}
	}
}

// TestNoJitterRetriesInSpikes: after the outage, clients that back off
// without jitter come back together, so one slice receives far more calls
// than any slice does with full jitter.
func TestNoJitterRetriesInSpikes(t *testing.T) {
	var exp, full int
	var expDone, fullDone time.Duration
	for _, seed := range seeds {
		e := run(t, Config{Strategy: Exponential, Seed: seed})
		f := run(t, Config{Strategy: FullJitter, Seed: seed})
		exp += peakOffered(e, DefaultOutageEnd, e.Completion)
		full += peakOffered(f, DefaultOutageEnd, f.Completion)
		expDone += e.Completion
		fullDone += f.Completion
	}
	t.Logf("over %d seeds: peak calls in a slice after the outage: exponential %d, full jitter %d; completion: exponential %v, full jitter %v",
		len(seeds), exp, full, expDone, fullDone)
	assert.Greater(t, exp, 2*full, "exponential peak %d should be more than twice full jitter's %d", exp, full)
	// The provider turns most of each spike away, and the rejected clients
	// come back together again: the backlog drains later.
	assert.Less(t, fullDone, expDone, "completion: full jitter %v, exponential %v", fullDone, expDone)
	// Before the outage nobody retries and the two are alike.
	e := run(t, Config{Strategy: Exponential, Seed: 1})
	f := run(t, Config{Strategy: FullJitter, Seed: 1})
	assert.Equal(t, offered(e, 0, DefaultOutageStart), offered(f, 0, DefaultOutageStart))
}

// TestFullJitterFinishesBeforeImmediate: immediate retries flood the
// provider with rejections that eat its capacity, so the backlog left by
// the outage drains slowly or not at all.
func TestFullJitterFinishesBeforeImmediate(t *testing.T) {
	for _, seed := range seeds {
		im := run(t, Config{Strategy: Immediate, Seed: seed})
		fj := run(t, Config{Strategy: FullJitter, Seed: seed})
		assert.Less(t, fj.Completion, im.Completion, "seed %d: full jitter %v, immediate %v", seed, fj.Completion, im.Completion)
		assert.Zero(t, fj.Unfinished, "seed %d", seed)
		assert.Greater(t, im.TotalCalls, 10*fj.TotalCalls, "seed %d: immediate %d calls, full jitter %d", seed, im.TotalCalls, fj.TotalCalls)
	}
}

// TestFreeRejectionsLetImmediateRecover shows the mechanism behind the
// previous test: when saying no costs the provider (almost) nothing,
// immediate retries no longer keep it down.
func TestFreeRejectionsLetImmediateRecover(t *testing.T) {
	im := run(t, Config{Strategy: Immediate, Seed: 1, RejectCost: 1e-9})
	assert.Zero(t, im.Unfinished)
	assert.Less(t, im.Completion, 2*DefaultDuration)
}

// TestNoRetryFewestCallsMostFailures: not retrying costs the fewest calls
// and loses the most work, compared with every strategy that backs off and
// with immediate retries capped at a few attempts. (Uncapped immediate
// retries lose even more: they keep the provider down, see
// TestFullJitterFinishesBeforeImmediate.)
func TestNoRetryFewestCallsMostFailures(t *testing.T) {
	nr := run(t, Config{Strategy: NoRetry, Seed: 1})
	assert.Equal(t, nr.Requests, nr.TotalCalls, "one call per request")
	assert.Equal(t, nr.Failures, nr.GaveUp)
	assert.Positive(t, nr.GaveUp)
	for _, s := range Strategies()[1:] {
		for _, attempts := range []int{0, 3} {
			r := run(t, Config{Strategy: s, Seed: 1, MaxAttempts: attempts})
			assert.Less(t, nr.TotalCalls, r.TotalCalls, "%v (max attempts %d): calls", s, attempts)
			if s == Immediate && attempts == 0 {
				continue // see TestUncappedImmediateRetriesMostlyNeverCatchUp
			}
			assert.Greater(t, nr.GaveUp, r.GaveUp+r.Unfinished, "%v (max attempts %d): requests lost", s, attempts)
		}
	}
}

// TestUncappedImmediateRetriesMostlyNeverCatchUp: retrying at once and
// forever, the clients keep the provider saturated with refusals after the
// outage, and in most runs work is still unfinished when the run stops.
// (Clients that call in step leave the provider quiet moments between
// their waves; with some random starts those let it serve enough to
// escape, so the test counts runs.)
func TestUncappedImmediateRetriesMostlyNeverCatchUp(t *testing.T) {
	stuck := 0
	for seed := range uint64(5) {
		r := run(t, Config{Strategy: Immediate, Seed: seed + 1})
		fj := run(t, Config{Strategy: FullJitter, Seed: seed + 1})
		assert.Greater(t, r.TotalCalls, 5*fj.TotalCalls, "seed %d: immediate %d calls, full jitter %d", seed+1, r.TotalCalls, fj.TotalCalls)
		if r.Unfinished > 0 {
			stuck++
		}
	}
	assert.GreaterOrEqual(t, stuck, 3, "runs of 5 in which uncapped immediate retries never catch up")
}

// TestBreakerCutsCallsDuringOutage: an open breaker fails requests at once,
// so the provider sees fewer calls while it is down: far fewer from clients
// that would otherwise keep calling, a few fewer from clients that already
// back off.
func TestBreakerCutsCallsDuringOutage(t *testing.T) {
	for _, s := range Strategies() {
		without := run(t, Config{Strategy: s, Seed: 1})
		with := run(t, Config{Strategy: s, Seed: 1, Breaker: true})
		a := offered(without, DefaultOutageStart, DefaultOutageEnd)
		b := offered(with, DefaultOutageStart, DefaultOutageEnd)
		t.Logf("%v: %d calls during the outage without a breaker, %d with", s, a, b)
		assert.LessOrEqual(t, b, a, "%v: calls during the outage", s)
		if s == Immediate || s == NoRetry {
			assert.Less(t, b, a/2, "%v: calls during the outage", s)
			assert.Positive(t, with.Refused, "%v: refused", s)
		}
	}
}
