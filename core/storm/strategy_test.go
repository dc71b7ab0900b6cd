package storm

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStrategyStringRoundTrip(t *testing.T) {
	require.Len(t, Strategies(), 6)
	for _, s := range Strategies() {
		got, err := ParseStrategy(s.String())
		require.NoError(t, err, "ParseStrategy(%q)", s.String())
		assert.Equal(t, s, got, "ParseStrategy(%q)", s.String())
	}
}

func TestStrategyString(t *testing.T) {
	for s, want := range map[Strategy]string{
		NoRetry:      "no-retry",
		Immediate:    "immediate",
		Exponential:  "exponential",
		FullJitter:   "full-jitter",
		EqualJitter:  "equal-jitter",
		Decorrelated: "decorrelated",
		Strategy(-1): "Strategy(-1)",
		Strategy(6):  "Strategy(6)",
	} {
		assert.Equal(t, want, s.String(), "Strategy(%d).String()", int(s))
	}
}

func TestParseStrategy(t *testing.T) {
	for in, want := range map[string]Strategy{
		"FullJitter":     FullJitter,
		" full jitter ":  FullJitter,
		"FULL_JITTER":    FullJitter,
		"noretry":        NoRetry,
		"Equal-Jitter":   EqualJitter,
		"Decorrelated":   Decorrelated,
		"exponential":    Exponential,
		"immediate":      Immediate,
		"no retry":       NoRetry,
		"full--jitter__": FullJitter,
	} {
		got, err := ParseStrategy(in)
		require.NoError(t, err, "ParseStrategy(%q)", in)
		assert.Equal(t, want, got, "ParseStrategy(%q)", in)
	}
	for _, in := range []string{"", "jitter", "full-jitterx", "Strategy(3)"} {
		_, err := ParseStrategy(in)
		require.Error(t, err, "ParseStrategy(%q)", in)
		assert.Contains(t, err.Error(), "storm: unknown strategy", "ParseStrategy(%q)", in)
	}
}

func TestWaiter(t *testing.T) {
	const base, cap = 100 * time.Millisecond, time.Second
	for _, tc := range []struct {
		s       Strategy
		attempt int
		prev    time.Duration
		u       float64
		want    time.Duration
	}{
		{NoRetry, 3, 0, 0.5, 0},
		{Immediate, 3, 0, 0.5, 0},
		{Exponential, 1, 0, 0.9, base},
		{Exponential, 3, 0, 0.9, 4 * base},
		{Exponential, 30, 0, 0.9, cap},
		{FullJitter, 3, 0, 0.5, 2 * base},
		{FullJitter, 3, 0, 0, 0},
		{EqualJitter, 3, 0, 0, 2 * base},
		{EqualJitter, 3, 0, 0.5, 3 * base},
		{Decorrelated, 1, 0, 0, base},
		{Decorrelated, 1, 200 * time.Millisecond, 0.5, 350 * time.Millisecond},
	} {
		w, err := newWaiter(tc.s, base, cap)
		require.NoError(t, err)
		assert.Equal(t, tc.s != NoRetry, w.retries(), "%v retries", tc.s)
		got := w.wait(tc.attempt, tc.prev, tc.u)
		assert.Equal(t, tc.want, got, "%v wait(attempt %d, prev %v, u %v)", tc.s, tc.attempt, tc.prev, tc.u)
	}
}

func TestNewWaiterErrors(t *testing.T) {
	_, err := newWaiter(Strategy(42), time.Second, time.Second)
	require.EqualError(t, err, "storm: unknown strategy Strategy(42)")
	_, err = newWaiter(FullJitter, 0, time.Second)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "storm: backoff: base")
}
