package backoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/backoff"
)

// TestDecorrelatedAtAThirdOfCap pins the draw where 3·prev equals Cap
// exactly: the delay must stay in [Base, 3·prev), so the largest draw gives
// one nanosecond less than Cap, not Cap.
func TestDecorrelatedAtAThirdOfCap(t *testing.T) {
	s := mustNew(t, backoff.Config{Base: time.Second, Cap: 3 * time.Second, Jitter: backoff.Decorrelated})
	tests := []struct {
		u    float64
		want time.Duration
	}{
		{0, time.Second},
		{0.5, 2 * time.Second},
		{justBelowOne, 3*time.Second - 1},
	}
	for _, tt := range tests {
		got := s.Delay(2, time.Second, tt.u)
		assert.Equal(t, tt.want, got, "Delay(2, prev 1s, u %v) with base 1s, cap 3s", tt.u)
	}
}

// TestNeverAboveACapThatFloatsRoundUp uses a Cap of 2^54-1 ns, which
// float64 rounds up to 2^54. A backoff or a decorrelated draw that lands
// exactly on 2^54 must come back as Cap, not as the rounded-up value.
func TestNeverAboveACapThatFloatsRoundUp(t *testing.T) {
	const capNs = time.Duration(1<<54 - 1)
	exp := mustNew(t, backoff.Config{Base: 1 << 52, Cap: capNs, Multiplier: 4})
	// 2^52 · 4 = 2^54: on the cap as a float64.
	assert.Equal(t, capNs, exp.Exponential(2), "Exponential(2), base 2^52 ns, multiplier 4, cap 2^54-1 ns")
	assert.Equal(t, time.Duration(1<<52), exp.Exponential(1), "Exponential(1) is Base")

	dec := mustNew(t, backoff.Config{Base: 1 << 53, Cap: capNs, Jitter: backoff.Decorrelated})
	// prev 2^53 > Cap/3: Base + 0.5·(3·2^53 − 2^53) = 2^54, on the cap as a float64.
	got := dec.Delay(1, 1<<53, 0.5)
	assert.Equal(t, capNs, got, "Delay(1, prev 2^53, u 0.5), base 2^53 ns, cap 2^54-1 ns")
	assert.Equal(t, time.Duration(1<<53), dec.Delay(1, 1<<53, 0), "u 0 gives Base")
}
