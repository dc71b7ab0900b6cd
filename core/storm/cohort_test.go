package storm

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestCohortsChangeNothing runs each configuration twice: as is, where
// clients in step move as cohorts, and with a per-client rate limit too
// high ever to bind, which makes every client act on its own (the path a
// breaker or a real rate limit takes). The results must be the same, call
// for call: cohorts are a way of computing, not a change of model.
func TestCohortsChangeNothing(t *testing.T) {
	configs := []Config{
		{},
		{Clients: 37, Capacity: 40, OutageStart: 3 * time.Second, OutageEnd: 9 * time.Second, Duration: 20 * time.Second},
		{MaxAttempts: 3},
		{RetryAfter: 2 * time.Second, HonorRetryAfter: true},
		// Waits longer than the calendar's reach (16 s) wait in its heap.
		{Base: 20 * time.Second, Cap: 40 * time.Second, Duration: 90 * time.Second},
		{RoundTrip: time.Microsecond, ServiceTime: 3 * time.Millisecond, Slice: time.Second},
	}
	for i, base := range configs {
		for _, s := range Strategies() {
			c := base
			c.Strategy, c.Seed = s, uint64(i+1)
			together := run(t, c)
			c.ClientRate = 1e12
			alone := run(t, c)
			assert.Equal(t, together, alone, "config %d, %v: cohorts and single clients disagree", i, s)
			if together.Unfinished == 0 {
				assert.Equal(t, together.Requests, together.Successes+together.GaveUp, "config %d, %v: every request accounted for", i, s)
			}
		}
	}
}

// TestFarWaitsKeepTheirOrder: clients that wait beyond the calendar's reach
// come back at the right time, in step.
func TestFarWaitsKeepTheirOrder(t *testing.T) {
	r := run(t, Config{Strategy: Exponential, Seed: 1, Base: 20 * time.Second, Cap: 20 * time.Second, Duration: 60 * time.Second})
	// The clients dropped at the start of the outage (10 s) all retry 20 s
	// after their failure, together: a spike at 30 s.
	assert.Greater(t, peakOffered(r, 30*time.Second, 30*time.Second+DefaultSlice), 20, "the retries of the dropped calls arrive together at 30 s")
}
