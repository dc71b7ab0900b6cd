package clock_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/clock"
)

// t0 is the instant every test clock starts at.
var t0 = time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)

func newAuto(t testing.TB) *clock.Virtual {
	t.Helper()
	v := clock.NewVirtual(t0)
	t.Cleanup(v.Close)
	return v
}

func TestSleepSingleGoroutine(t *testing.T) {
	v := newAuto(t)
	began := time.Now()
	require.NoError(t, v.Sleep(context.Background(), 30*time.Second))
	assert.Less(t, time.Since(began), 5*time.Second, "a 30s virtual sleep should return at once")
	assert.Equal(t, t0.Add(30*time.Second), v.Now())
	assert.Equal(t, 30*time.Second, v.Elapsed())
}

func TestSleepersWakeInTimeOrder(t *testing.T) {
	for run := range 200 {
		v := clock.NewVirtual(t0)
		var (
			mu    sync.Mutex
			order []int
			woke  = map[int]time.Time{}
			wg    sync.WaitGroup
		)
		for _, secs := range []int{3, 1, 2} {
			wg.Go(func() {
				v.SleepPlain(time.Duration(secs) * time.Second)
				now := v.Now()
				mu.Lock()
				order = append(order, secs)
				woke[secs] = now
				mu.Unlock()
			})
		}
		wg.Wait()
		v.Close()
		require.Equal(t, []int{1, 2, 3}, order, "run %d: wake order", run)
		for secs, at := range woke {
			require.Equal(t, t0.Add(time.Duration(secs)*time.Second), at, "run %d: sleeper %ds woke at", run, secs)
		}
	}
}
