package storm

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefusalsArePaidWithTokensThere: when a group of clients calls at
// once, the provider admits as many as it has whole tokens for and turns
// the rest away, paying RejectCost of a token per refusal while it has
// that much, and never more than it has: its tokens never go below zero,
// even where the division tokens/RejectCost rounds up to a whole number
// (0.85/0.05 gives 17 in floating point, but 17·0.05 is more than 0.85).
func TestRefusalsArePaidWithTokensThere(t *testing.T) {
	for _, tc := range []struct {
		tokens, rc          float64
		calls               int
		wantAdmit, wantPaid int
	}{
		{0.5, 0.15, 20, 0, 3},
		{0.5, 0.15, 2, 0, 2},
		{2.5, 0.15, 20, 2, 3},
		{0.85, 0.05, 20, 0, 16},
		{0.63, 0.07, 20, 0, 8},
		{0.91, 0.07, 20, 0, 12},
		{1, 1, 3, 1, 0},
		{0.99, 1, 3, 0, 0},
		{4, 0.15, 4, 4, 0},
	} {
		name := fmt.Sprintf("%v tokens, RejectCost %v, %d calls", tc.tokens, tc.rc, tc.calls)
		s, err := newSim(Config{Clients: tc.calls, RejectCost: tc.rc, Capacity: 100}.withDefaults())
		require.NoError(t, err, name)
		const at = 1000 // a tick before the default outage, with no refill due
		s.provider.tokens, s.provider.last = tc.tokens, at
		g := s.cohorts.single(0, wake, 1)
		for i := 1; i < tc.calls; i++ {
			s.cohorts.push(g, int32(i))
		}
		s.call(g, at)
		left := tc.tokens - float64(tc.wantAdmit)
		want := left - float64(tc.wantPaid)*tc.rc
		assert.Equal(t, tc.wantAdmit, s.res.Successes, "%s: want %d admitted, got %d", name, tc.wantAdmit, s.res.Successes)
		assert.Equal(t, tc.calls-tc.wantAdmit, s.res.Failures, "%s: refused", name)
		assert.Equal(t, want, s.provider.tokens, "%s: want %d refusals paid, leaving %v tokens, got %v (%.2f refusals paid)",
			name, tc.wantPaid, want, s.provider.tokens, (left-s.provider.tokens)/tc.rc)
		assert.GreaterOrEqual(t, s.provider.tokens, 0.0, "%s: tokens left", name)
		if tc.wantPaid < tc.calls-tc.wantAdmit {
			assert.Less(t, s.provider.tokens, tc.rc, "%s: want too little left for one more refusal, got %v", name, s.provider.tokens)
		}
	}
}

// TestRetryWithoutWaitCallsInPlace: a client whose wait before a retry
// is under a tick (Immediate, or a backoff shorter than a tick) calls at
// the instant its failure arrives, in its place among the events of that
// tick: before another client's new request scheduled after the failure.
// The provider has one token, so the order decides who gets it: the
// retry is served, the new request is refused, retries at once a round
// trip later, is refused again and, at MaxAttempts 2, given up.
func TestRetryWithoutWaitCallsInPlace(t *testing.T) {
	const at = 100 // the tick of the failure and of the new request
	tiny := 500 * time.Microsecond
	for _, c := range []Config{
		{Strategy: Immediate},
		{Strategy: Exponential, Base: tiny, Cap: tiny},
		{Strategy: FullJitter, Base: tiny, Cap: tiny},
		{Strategy: EqualJitter, Base: tiny, Cap: tiny},
	} {
		c.Clients, c.Capacity, c.MaxAttempts = 2, 1, 2
		c.OutageStart, c.OutageEnd, c.Slice = time.Hour, time.Hour, Tick
		s, err := newSim(c.withDefaults())
		require.NoError(t, err, "%v", c.Strategy)
		// Start from an empty calendar: client 0 hears that its first call
		// failed, then client 1's first request comes, both at tick at.
		s.cal = calendar{}
		s.cal.init()
		s.cohorts = cohorts{}
		s.cohorts.init(2)
		for i := range s.clients {
			s.clients[i].first, s.clients[i].requests, s.clients[i].settled = 0, 1, 0
		}
		s.provider.tokens, s.provider.last = 1, at
		failed := s.cohorts.single(0, answer, 1)
		s.schedule(failed, at)
		s.schedule(s.cohorts.single(1, wake, 0), at)
		s.run()
		r := s.res
		rt := ticks(DefaultRoundTrip)
		require.Greater(t, len(r.Slices), int(at+rt), "%v: series", c.Strategy)
		assert.Equal(t, Slice{Start: at * Tick, Offered: 2, Retries: 1, Succeeded: 1, Failed: 1}, r.Slices[at],
			"%v: at the tick of the failure, want the retry and the new request", c.Strategy)
		assert.Equal(t, Slice{Start: time.Duration(at+rt) * Tick, Offered: 1, Retries: 1, Failed: 1}, r.Slices[at+rt],
			"%v: a round trip later, want the refused new request's retry (the retry got the token)", c.Strategy)
		assert.Equal(t, 1, r.Successes, "%v: successes", c.Strategy)
		assert.Equal(t, 1, r.GaveUp, "%v: given up", c.Strategy)
	}
}

// TestRateLimitedClientKeepsItsPlace: a client that waits for its own
// rate limit's token waits once, exactly until the token is back, and
// calls in the place it took when it started waiting: before another
// client's request scheduled later for the same tick. The provider has
// one token, which goes to the client that waited; the other is refused,
// retries when its own token is back, a second later, and succeeds.
func TestRateLimitedClientKeepsItsPlace(t *testing.T) {
	const due = 2000        // the tick client 0's token comes back, and client 1's second request
	const waits = due - 500 // when client 0 finds it has no token
	c := Config{Clients: 2, Capacity: 1, MaxAttempts: 2, Strategy: Immediate, ClientRate: 1,
		OutageStart: time.Hour, OutageEnd: time.Hour, Slice: Tick}
	s, err := newSim(c.withDefaults())
	require.NoError(t, err)
	s.cal = calendar{}
	s.cal.init()
	s.cohorts = cohorts{}
	s.cohorts.init(2)
	// Client 0 is retrying its only request; its token was spent at
	// due-1000 and is back at due.
	s.clients[0].first, s.clients[0].requests = 0, 1
	require.True(t, s.clients[0].limit.AllowAt(instant(due-1000)))
	s.schedule(s.cohorts.single(0, wake, 1), waits)
	// Client 1's first request, made at due-1000, succeeds a little after
	// client 0 starts waiting; its second request comes at due.
	s.clients[1].first, s.clients[1].requests = due-1000, 2
	ok := s.cohorts.single(1, answer, 1)
	s.cohorts.g[ok].ok = true
	s.schedule(ok, waits+10)
	s.provider.tokens, s.provider.last = 1, waits
	s.run()
	r := s.res
	assert.Equal(t, Slice{Start: due * Tick, Offered: 2, Retries: 1, Succeeded: 1, Failed: 1}, r.Slices[due],
		"at tick %d, want client 0's retry and client 1's new request", due)
	assert.Zero(t, r.GaveUp, "want client 0 served at its second attempt and client 1 at its second, none given up")
	assert.Equal(t, 2, r.Successes, "want the calls at tick %d and a second later served (client 1's first call was set up, not made)", due)
	assert.Equal(t, 1, r.Slices[due+1000].Retries, "client 1 retries when its own token is back")
}
