//go:build linux || darwin

package clock

import (
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rusage is the process's user and system CPU time, read directly.
func rusage(t *testing.T) (user, system time.Duration) {
	var u syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &u))
	return time.Duration(u.Utime.Nano()), time.Duration(u.Stime.Nano())
}

// TestCPUIsTheProcessCPUTime: cpu() is user plus system time, between two
// direct readings, and it grows while the process computes.
func TestCPUIsTheProcessCPUTime(t *testing.T) {
	var w process
	u0, s0 := rusage(t)
	got := w.cpu()
	u1, s1 := rusage(t)
	assert.GreaterOrEqual(t, got, u0+s0, "cpu() = %v, below user %v + system %v read before", got, u0, s0)
	assert.LessOrEqual(t, got, u1+s1, "cpu() = %v, above user %v + system %v read after", got, u1, s1)

	// Spend some CPU time; cpu() must see it (however slowly this process
	// is scheduled, the loop ends once it has run long enough).
	sum := 0
	for i := 0; w.cpu() < got+10*time.Millisecond; i++ {
		sum += i % 7
	}
	assert.Positive(t, sum)
}
