package storm

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// small is a scaled-down default: a fifth of the clients and of the
// capacity, over a third of the time, so that tests which need a retry
// storm stay quick (a storm is a call every round trip per client).
func small(s Strategy) Config {
	return Config{
		Strategy: s, Seed: 1, Clients: 20, Capacity: 30,
		Duration: 20 * time.Second, OutageStart: 5 * time.Second, OutageEnd: 10 * time.Second,
	}
}

func TestRetryAfter(t *testing.T) {
	base := small(Immediate)
	ignored := base
	ignored.RetryAfter = 2 * time.Second
	stormy := run(t, base)
	assert.Equal(t, stormy, run(t, ignored), "a Retry-After nobody honors changes nothing")

	honored := ignored
	honored.HonorRetryAfter = true
	r := run(t, honored)
	// Each client calls at most once per Retry-After (plus a round trip)
	// during the outage, instead of once per round trip.
	outage := base.OutageEnd - base.OutageStart
	limit := base.Clients * int(outage/(2*time.Second)+2)
	got := offered(r, base.OutageStart, base.OutageEnd)
	assert.LessOrEqual(t, got, limit, "calls during the outage when honoring Retry-After")
	assert.Zero(t, r.Unfinished)
	assert.Less(t, r.TotalCalls, stormy.TotalCalls/10)

	// With Retry-After honored, the strategy's own waits are not used on
	// 503s: exponential and immediate clients behave alike in the outage.
	exp := honored
	exp.Strategy = Exponential
	assert.Equal(t, got, offered(run(t, exp), base.OutageStart, base.OutageEnd))
}

func TestClientRate(t *testing.T) {
	const rate = 2.0
	c := small(Immediate)
	uncapped := run(t, c)
	c.ClientRate = rate
	r := run(t, c)
	seconds := (c.OutageEnd - c.OutageStart).Seconds()
	limit := int(float64(c.Clients) * (rate*seconds + 1))
	got := offered(r, c.OutageStart, c.OutageEnd)
	assert.LessOrEqual(t, got, limit, "calls during the outage with each client capped at %v/s", rate)
	assert.Greater(t, got, limit*3/4, "immediate clients use their whole allowance")
	assert.Less(t, r.Unfinished, uncapped.Unfinished, "the cap leaves less work unfinished")
	assert.Less(t, r.TotalCalls, uncapped.TotalCalls/2)
}

func TestMaxAttempts(t *testing.T) {
	r := run(t, Config{Strategy: Immediate, Seed: 1, MaxAttempts: 2})
	for _, sl := range r.Slices {
		// At most one retry per request, so retries never outnumber the
		// first calls of the whole run.
		assert.LessOrEqual(t, sl.Retries, sl.Offered)
	}
	assert.LessOrEqual(t, r.TotalCalls, 2*r.Requests)
	assert.Positive(t, r.GaveUp)
	assert.Zero(t, r.Unfinished)
}

func TestNoOutage(t *testing.T) {
	for _, s := range Strategies() {
		r := run(t, Config{Strategy: s, Seed: 1, OutageStart: time.Second, OutageEnd: time.Second})
		// Demand is two thirds of capacity: the odd burst above the
		// provider's burst allowance is all that ever fails.
		assert.Less(t, r.Failures, r.Requests/100, "%v failures", s)
		assert.Less(t, r.Completion, DefaultDuration+time.Second, "%v completion", s)
	}
}

func TestRunStopsAtTwiceDuration(t *testing.T) {
	c := small(Immediate)
	r := run(t, c)
	assert.Positive(t, r.Unfinished)
	assert.Equal(t, 2*c.Duration, r.Completion)
	assert.Len(t, r.Slices, int(2*c.Duration/DefaultSlice)+1)
	assert.Equal(t, r.Requests, r.Successes+r.GaveUp+r.Unfinished)
}

func TestSparseDemand(t *testing.T) {
	// One request per client per 10 s over 1 s: only the clients whose
	// offset falls in the first second get any work.
	r := run(t, Config{Seed: 1, Duration: time.Second, RequestInterval: 10 * time.Second, Slice: 10 * time.Millisecond})
	assert.Positive(t, r.Requests)
	assert.Less(t, r.Requests, DefaultClients/2)
	assert.Equal(t, r.Requests, r.Successes)
}

func TestHugeWaitsDoNotOverflow(t *testing.T) {
	long := time.Duration(1<<62) + 1
	r := run(t, Config{
		Strategy: Exponential, Seed: 1, Duration: 10 * time.Second,
		Base: long, Cap: long, ServiceTime: long, ClientRate: 1e-9,
	})
	assert.Equal(t, 20*time.Second, r.Completion)
	assert.Positive(t, r.Unfinished)
	for _, sl := range r.Slices {
		assert.GreaterOrEqual(t, sl.Start, time.Duration(0))
	}
}
