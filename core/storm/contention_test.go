package storm

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runContention(t testing.TB, c ContentionConfig) ContentionResult {
	t.Helper()
	r, err := RunContention(c)
	require.NoError(t, err, "RunContention(%+v)", c)
	return r
}

// contentionSeeds returns the seeds the study's findings are averaged
// over: fewer under wasm, where the same work runs several times slower.
func contentionSeeds() []uint64 {
	if runtime.GOARCH == "wasm" {
		return []uint64{1, 2, 3}
	}
	return []uint64{1, 2, 3, 4, 5, 6}
}

// mean runs c once per seed and returns the average calls and completion.
func mean(t testing.TB, c ContentionConfig, seeds []uint64) (calls float64, completion time.Duration) {
	t.Helper()
	var total time.Duration
	for _, seed := range seeds {
		c.Seed = seed
		r := runContention(t, c)
		calls += float64(r.Calls)
		total += r.Completion
	}
	n := len(seeds)
	return calls / float64(n), total / time.Duration(n)
}

// TestContentionReproducesStudy checks the findings of "Exponential Backoff
// and Jitter" at 100 clients: full jitter uses less than half the calls of
// un-jittered exponential backoff, and exponential backoff takes more than
// five times as long to finish.
func TestContentionReproducesStudy(t *testing.T) {
	seeds := contentionSeeds()
	expCalls, expTime := mean(t, ContentionConfig{Clients: 100, Strategy: Exponential}, seeds)
	fullCalls, fullTime := mean(t, ContentionConfig{Clients: 100, Strategy: FullJitter}, seeds)
	t.Logf("100 clients over %d seeds: exponential %.0f calls in %v, full jitter %.0f calls in %v",
		len(seeds), expCalls, expTime, fullCalls, fullTime)
	assert.Less(t, fullCalls, expCalls/2, "full jitter calls %.0f vs exponential %.0f", fullCalls, expCalls)
	assert.Greater(t, expTime, 5*fullTime, "exponential completion %v vs full jitter %v", expTime, fullTime)

	// The other jittered strategies also beat un-jittered backoff on time.
	for _, s := range []Strategy{EqualJitter, Decorrelated} {
		_, d := mean(t, ContentionConfig{Clients: 100, Strategy: s}, seeds)
		assert.Less(t, 2*d, expTime, "%v completion %v vs exponential %v", s, d, expTime)
	}
}

func TestContentionOneRoundPerSuccess(t *testing.T) {
	// With no backoff, every round of reads and writes lets exactly one
	// client through, so the work grows with the square of the clients.
	small := runContention(t, ContentionConfig{Clients: 10, Strategy: Immediate, Seed: 1})
	large := runContention(t, ContentionConfig{Clients: 40, Strategy: Immediate, Seed: 1})
	assert.GreaterOrEqual(t, small.Calls, 10)
	assert.Greater(t, large.Calls, 8*small.Calls, "10 clients: %d calls, 40 clients: %d", small.Calls, large.Calls)
}

func TestContentionSingleClient(t *testing.T) {
	for _, s := range Strategies() {
		r := runContention(t, ContentionConfig{Clients: 1, Strategy: s, Seed: 3})
		assert.Equal(t, 1, r.Calls, "%v", s)
		assert.Zero(t, r.GaveUp, "%v", s)
		// Four network hops of about 10 ms each.
		assert.InDelta(t, 40*time.Millisecond, r.Completion, float64(20*time.Millisecond), "%v", s)
	}
}

func TestContentionNoRetryGivesUp(t *testing.T) {
	r := runContention(t, ContentionConfig{Clients: 50, Strategy: NoRetry, Seed: 1})
	assert.Equal(t, 50, r.Calls, "one write each")
	assert.Positive(t, r.GaveUp)
	assert.Less(t, r.GaveUp, 50, "someone wins")
}

func TestContentionIsDeterministic(t *testing.T) {
	for _, s := range Strategies() {
		c := ContentionConfig{Clients: 30, Strategy: s, Seed: 11}
		assert.Equal(t, runContention(t, c), runContention(t, c), "%v", s)
	}
	a := runContention(t, ContentionConfig{Strategy: FullJitter, Seed: 1})
	b := runContention(t, ContentionConfig{Strategy: FullJitter, Seed: 2})
	assert.NotEqual(t, a, b, "different seeds")
}

func TestContentionDefaults(t *testing.T) {
	c := ContentionConfig{}.withDefaults()
	assert.Equal(t, ContentionConfig{Clients: 100, Base: 5 * time.Millisecond, Cap: 2 * time.Second}, c)
	a := runContention(t, ContentionConfig{Strategy: FullJitter, Seed: 4})
	b := runContention(t, ContentionConfig{Clients: 100, Strategy: FullJitter, Base: 5 * time.Millisecond, Cap: 2 * time.Second, Seed: 4})
	assert.Equal(t, a, b)
}

func TestContentionValidate(t *testing.T) {
	for _, tc := range []struct {
		c    ContentionConfig
		want string
	}{
		{ContentionConfig{Clients: -1}, "storm: Clients must be >= 0, got -1"},
		{ContentionConfig{Clients: maxClients + 1}, "storm: Clients must be <= 100000, got 100001"},
		{ContentionConfig{Strategy: Strategy(-1)}, "storm: Strategy is unknown: Strategy(-1)"},
		{ContentionConfig{Base: -time.Millisecond}, "storm: Base must be >= 0, got -1ms"},
		{ContentionConfig{Base: time.Second, Cap: time.Millisecond}, "storm: Cap (1ms) must be >= Base (1s)"},
		{ContentionConfig{Cap: 2 * time.Hour}, "storm: Cap must be <= 1h0m0s, got 2h0m0s"},
	} {
		err := tc.c.Validate()
		require.Error(t, err, "%+v", tc.c)
		assert.Equal(t, tc.want, err.Error(), "%+v", tc.c)
		_, err = RunContention(tc.c)
		assert.Error(t, err, "RunContention(%+v)", tc.c)
	}
}
