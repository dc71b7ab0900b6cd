package storm

import (
	"fmt"
	"testing"

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
