package clock_test

import (
	"context"
	"fmt"
	"runtime"
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

func TestSameInstantFiresInCreationOrder(t *testing.T) {
	for run := range 200 {
		v := clock.NewVirtual(t0)
		var (
			mu  sync.Mutex
			got []string
			wg  sync.WaitGroup
		)
		for _, name := range []string{"a", "b", "c", "d"} {
			wg.Add(1)
			v.AfterFunc(time.Second, func() {
				defer wg.Done()
				now := v.Now()
				mu.Lock()
				got = append(got, name+"@"+now.Sub(t0).String())
				mu.Unlock()
			})
		}
		wg.Wait()
		v.Close()
		require.Equal(t, []string{"a@1s", "b@1s", "c@1s", "d@1s"}, got, "run %d", run)
	}
}

func TestProducerConsumerTraceIsReproducible(t *testing.T) {
	want := []string{
		"300ms produced 0", "300ms got 0",
		"600ms produced 1",
		"800ms done 0", "800ms got 1",
		"900ms produced 2", "1.2s produced 3",
		"1.3s done 1", "1.3s got 2",
		"1.5s produced 4",
		"1.8s done 2", "1.8s got 3",
		"2.3s done 3", "2.3s got 4",
		"2.8s done 4",
	}
	for run := range 100 {
		require.Equal(t, want, producerConsumer(), "run %d", run)
	}
}

// producerConsumer runs a producer that makes an item every 300ms and a
// consumer that needs 500ms per item, joined by a channel with room for
// two, and returns what they logged.
func producerConsumer() []string {
	v := clock.NewVirtual(t0)
	defer v.Close()
	var (
		mu    sync.Mutex
		trace []string
		wg    sync.WaitGroup
	)
	logf := func(what string, i int) {
		line := fmt.Sprintf("%v %s %d", v.Elapsed(), what, i)
		mu.Lock()
		trace = append(trace, line)
		mu.Unlock()
	}
	items := make(chan int, 2)
	wg.Go(func() {
		for i := range 5 {
			v.SleepPlain(300 * time.Millisecond)
			logf("produced", i)
			items <- i
		}
		close(items)
	})
	wg.Go(func() {
		for i := range items {
			logf("got", i)
			v.SleepPlain(500 * time.Millisecond)
			logf("done", i)
		}
	})
	wg.Wait()
	return trace
}

func TestSleepReturnsAtOnce(t *testing.T) {
	v := clock.NewManual(t0)
	require.NoError(t, v.Sleep(context.Background(), 0))
	require.NoError(t, v.Sleep(context.Background(), -time.Second))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, v.Sleep(ctx, time.Second), context.Canceled)
	assert.Equal(t, t0, v.Now())
	assert.Zero(t, v.Pending())
}

func TestSleepCanceledMidway(t *testing.T) {
	v := clock.NewManual(t0)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- v.Sleep(ctx, time.Hour) }()
	require.NoError(t, v.BlockUntil(context.Background(), 1))
	cancel()
	assert.ErrorIs(t, <-errc, context.Canceled)
	assert.Zero(t, v.Pending(), "a canceled sleeper leaves the queue")
	assert.Equal(t, t0, v.Now())
}

func TestSinceUntilElapsed(t *testing.T) {
	v := clock.NewManual(t0)
	v.Advance(90 * time.Second)
	assert.Equal(t, 90*time.Second, v.Since(t0))
	assert.Equal(t, 30*time.Second, v.Until(t0.Add(2*time.Minute)))
	assert.Equal(t, 90*time.Second, v.Elapsed())
	v.Advance(-time.Hour)
	assert.Equal(t, 90*time.Second, v.Elapsed(), "a negative Advance does not move time")
}

func TestStartHasNoMonotonicReading(t *testing.T) {
	v := clock.NewManual(time.Now())
	assert.NotContains(t, v.Now().String(), "m=", "virtual instants carry no monotonic reading")
}

func TestManualAdvanceFiresInOrder(t *testing.T) {
	v := clock.NewManual(t0)
	var (
		mu  sync.Mutex
		got []string
	)
	record := func(name string) func() {
		return func() {
			now := v.Now()
			mu.Lock()
			got = append(got, name+"@"+now.Sub(t0).String())
			mu.Unlock()
		}
	}
	v.AfterFunc(3*time.Second, record("c"))
	v.AfterFunc(time.Second, record("a"))
	v.AfterFunc(2*time.Second, record("b1"))
	v.AfterFunc(2*time.Second, record("b2"))
	v.AfterFunc(5*time.Second, record("later"))
	require.Equal(t, 5, v.Pending())

	v.Advance(3 * time.Second)
	mu.Lock()
	assert.Equal(t, []string{"a@1s", "b1@2s", "b2@2s", "c@3s"}, got)
	mu.Unlock()
	assert.Equal(t, t0.Add(3*time.Second), v.Now())
	assert.Equal(t, 1, v.Pending())
}

func TestManualSleepersNeedAdvance(t *testing.T) {
	v := clock.NewManual(t0)
	woke := make(chan time.Time, 2)
	for _, d := range []time.Duration{2 * time.Second, time.Second} {
		go func() {
			v.SleepPlain(d)
			woke <- v.Now()
		}()
	}
	require.NoError(t, v.BlockUntil(context.Background(), 2))
	v.Advance(1500 * time.Millisecond)
	assert.Equal(t, t0.Add(time.Second), <-woke)
	v.Advance(time.Second)
	assert.Equal(t, t0.Add(2*time.Second), <-woke)
	assert.Equal(t, t0.Add(2500*time.Millisecond), v.Now())
}

func TestBlockUntilHonorsContext(t *testing.T) {
	v := clock.NewManual(t0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, v.BlockUntil(ctx, 1), context.Canceled)
	require.NoError(t, v.BlockUntil(context.Background(), 0))
}

func TestCloseLeavesWakeUpsToAdvance(t *testing.T) {
	v := clock.NewVirtual(t0)
	v.Close()
	v.Close()
	woke := make(chan time.Time)
	go func() {
		v.SleepPlain(time.Hour)
		woke <- v.Now()
	}()
	require.NoError(t, v.BlockUntil(context.Background(), 1))
	v.Advance(time.Hour)
	assert.Equal(t, t0.Add(time.Hour), <-woke)
}

// pollNow calls v.Now in a loop until stop is closed, keeping the clock
// busy the way a busy-waiting program would.
func pollNow(v *clock.Virtual, stop <-chan struct{}) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
				v.Now()
				runtime.Gosched() // under wasm nothing else would run
			}
		}
	}()
	return done
}

func TestCloseInterruptsBusyAdvancer(t *testing.T) {
	v := clock.NewVirtual(t0)
	stop := make(chan struct{})
	polling := pollNow(v, stop)
	sleeping := make(chan error, 1)
	go func() { sleeping <- v.Sleep(context.Background(), time.Minute) }()
	require.NoError(t, v.BlockUntil(context.Background(), 1))
	v.Close() // must return although the advancer never saw quiescence
	close(stop)
	<-polling
	v.Advance(time.Minute)
	assert.NoError(t, <-sleeping)
}

func TestAdvanceGivesUpOnBusyProgram(t *testing.T) {
	v := clock.NewManual(t0)
	stop := make(chan struct{})
	polling := pollNow(v, stop)
	tm := v.NewTimer(time.Second)
	v.Advance(time.Second) // returns although the poller never stops
	close(stop)
	<-polling
	at, ok := received(tm.C)
	require.True(t, ok)
	assert.Equal(t, t0.Add(time.Second), at)
}
