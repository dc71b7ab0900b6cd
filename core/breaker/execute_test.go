package breaker

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errBoom = errors.New("boom")
var errNotFound = errors.New("not found")

func TestExecute(t *testing.T) {
	now := t0
	b, err := New(Settings{
		Threshold:    2,
		Cooldown:     time.Minute,
		Now:          func() time.Time { return now },
		IsSuccessful: func(err error) bool { return err == nil || errors.Is(err, errNotFound) },
	})
	require.NoError(t, err)

	tests := []struct {
		name      string
		fnErr     error
		wantErr   error
		wantRan   bool
		wantState State
	}{
		{"success", nil, nil, true, Closed},
		{"failure", errBoom, errBoom, true, Closed},
		{"error judged successful resets the streak", errNotFound, errNotFound, true, Closed},
		{"failure 1", errBoom, errBoom, true, Closed},
		{"failure 2 opens", errBoom, errBoom, true, Open},
		{"open: fn not run", nil, ErrOpen, false, Open},
	}
	for _, tt := range tests {
		ran := false
		err := b.Execute(func() error { ran = true; return tt.fnErr })
		assert.ErrorIs(t, err, tt.wantErr, "%s: error", tt.name)
		if tt.wantErr == nil {
			assert.NoError(t, err, "%s: error", tt.name)
		}
		assert.Equal(t, tt.wantRan, ran, "%s: fn ran", tt.name)
		assert.Equal(t, tt.wantState, b.State(), "%s: state", tt.name)
	}

	now = now.Add(time.Minute)
	require.NoError(t, b.Execute(func() error { return nil }), "probe")
	assert.Equal(t, Closed, b.State(), "after a successful probe")
}

func TestExecutePanicCountsAsFailure(t *testing.T) {
	b, err := New(Settings{Threshold: 1, Now: func() time.Time { return t0 }})
	require.NoError(t, err)
	assert.PanicsWithValue(t, "kaboom", func() {
		_ = b.Execute(func() error { panic("kaboom") })
	})
	assert.Equal(t, Open, b.State(), "state after a panicking call")
}

func TestExecuteTooManyProbes(t *testing.T) {
	now := t0
	b, err := New(Settings{Threshold: 1, Cooldown: time.Second, Now: func() time.Time { return now }})
	require.NoError(t, err)
	require.ErrorIs(t, b.Execute(func() error { return errBoom }), errBoom)
	now = now.Add(time.Second)
	err = b.Execute(func() error {
		// While this probe runs, a second caller is turned away.
		inner := b.Execute(func() error { t.Error("second probe ran"); return nil })
		assert.ErrorIs(t, inner, ErrTooManyProbes, "second probe")
		return nil
	})
	require.NoError(t, err, "probe")
	assert.Equal(t, Closed, b.State())
}

// TestConcurrentUse is for the race detector: many goroutines share one
// breaker and the totals still add up.
func TestConcurrentUse(t *testing.T) {
	b, err := New(Settings{Threshold: 1_000_000, MinCalls: 1_000_000, FailureRate: 1})
	require.NoError(t, err)
	const workers, calls = 8, 200
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range calls {
				fail := (w+i)%4 == 0
				_ = b.Execute(func() error {
					if fail {
						return errBoom
					}
					return nil
				})
				_ = b.State()
			}
		})
	}
	wg.Wait()
	c := b.Counts()
	assert.Equal(t, workers*calls, c.Requests, "requests")
	assert.Equal(t, workers*calls/4, c.Failures, "failures")
	assert.Equal(t, c.Requests, c.Successes+c.Failures, "successes+failures")
}

func BenchmarkAllowRecordAt(b *testing.B) {
	br, _ := New(Settings{Threshold: 5})
	b.ReportAllocs()
	for b.Loop() {
		tk, _ := br.AllowAt(t0)
		br.RecordAt(t0, tk, true)
	}
}

func BenchmarkAllowRecordAtWithRate(b *testing.B) {
	br, _ := New(Settings{Threshold: 5, MinCalls: 100, FailureRate: 0.5})
	b.ReportAllocs()
	for b.Loop() {
		tk, _ := br.AllowAt(t0)
		br.RecordAt(t0, tk, true)
	}
}

func BenchmarkExecute(b *testing.B) {
	br, _ := New(Settings{Threshold: 5})
	fn := func() error { return nil }
	b.ReportAllocs()
	for b.Loop() {
		_ = br.Execute(fn)
	}
}

func BenchmarkExecuteParallel(b *testing.B) {
	br, _ := New(Settings{Threshold: 5})
	fn := func() error { return nil }
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = br.Execute(fn)
		}
	})
}
