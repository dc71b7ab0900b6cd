package storm

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunShorterThanASlice: a run shorter than one chart slice is valid
// and reports its single, partial slice.
func TestRunShorterThanASlice(t *testing.T) {
	r, err := Run(Config{Seed: 1, Clients: 5, Capacity: 100, Strategy: Immediate,
		Duration: 50 * time.Millisecond, Slice: 100 * time.Millisecond, RequestInterval: 10 * time.Millisecond})
	require.NoError(t, err)
	assert.Equal(t, 25, r.Requests, "5 clients, one request every 10 ms for 50 ms")
	assert.NotEmpty(t, r.Slices, "slices of a 50 ms run charted in 100 ms slices")
}

// TestRequestsPerClientWhenTheRunIsAMultipleOfTheInterval: whatever
// instant in its first interval a client starts at, a run of k intervals
// gives it exactly k requests: one that would fall on the end of the run
// is not made. (The intervals are a few ticks long, the model's grain.)
func TestRequestsPerClientWhenTheRunIsAMultipleOfTheInterval(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		r, err := Run(Config{Seed: seed, Clients: 1000, Capacity: 1_000_000, Strategy: Immediate,
			Duration: 300 * Tick, RequestInterval: 100 * Tick, Slice: Tick})
		require.NoError(t, err)
		assert.Equal(t, 3000, r.Requests, "seed %d: 1000 clients, 3 intervals", seed)
	}
}

// TestBreakerThatNeverOpensRefusesNothing: with no outage and ample
// capacity no call fails, so a client-side breaker stays closed and
// every request is made.
func TestBreakerThatNeverOpensRefusesNothing(t *testing.T) {
	r, err := Run(Config{Seed: 1, Clients: 10, Capacity: 1000, Strategy: Immediate, Breaker: true,
		Duration: 5 * time.Second, OutageStart: time.Second, OutageEnd: time.Second})
	require.NoError(t, err)
	assert.Equal(t, 0, r.Refused, "refused by the breaker")
	assert.Equal(t, 0, r.Failures, "failures")
	assert.Equal(t, r.Requests, r.Successes, "every request succeeds")
}

// TestClientsThatStartAfterTheRunMakeNoRequest: with a run of one tick and
// one request every two ticks, a client whose first request would fall at
// the second tick (the end of the run) makes none; about half of them
// start at 0.
func TestClientsThatStartAfterTheRunMakeNoRequest(t *testing.T) {
	r, err := Run(Config{Seed: 1, Clients: 1000, Capacity: 1_000_000, Strategy: Immediate,
		Duration: Tick, RequestInterval: 2 * Tick})
	require.NoError(t, err)
	assert.Greater(t, r.Requests, 400, "requests")
	assert.Less(t, r.Requests, 600, "requests")
	assert.Equal(t, r.Requests, r.TotalCalls, "calls")
}
