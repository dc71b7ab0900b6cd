package breaker

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type transition struct {
	name     string
	from, to State
}

// newRecorded returns a breaker whose state changes are appended to *log.
func newRecorded(t *testing.T, s Settings, log *[]transition) *Breaker {
	t.Helper()
	s.OnStateChange = func(name string, from, to State) {
		*log = append(*log, transition{name, from, to})
	}
	b, err := New(s)
	require.NoError(t, err)
	return b
}

func TestStaleTicketsAreIgnored(t *testing.T) {
	var log []transition
	b := newRecorded(t, Settings{Name: "db", Threshold: 2, Cooldown: time.Second}, &log)

	slow, err := b.AllowAt(at(0))
	require.NoError(t, err)
	for range 2 {
		tk, err := b.AllowAt(at(0))
		require.NoError(t, err)
		b.RecordAt(at(0), tk, false)
	}
	require.Equal(t, Open, b.StateAt(at(0)))

	// The slow call started while closed; its success must not close the
	// circuit or count towards the open state's numbers.
	b.RecordAt(at(1), slow, true)
	assert.Equal(t, Open, b.StateAt(at(1)), "stale success while open")
	assert.Equal(t, Counts{}, b.Counts(), "counts after a stale record")

	probe, err := b.AllowAt(at(time.Second))
	require.NoError(t, err)
	b.RecordAt(at(time.Second), slow, true)
	assert.Equal(t, HalfOpen, b.StateAt(at(time.Second)), "stale success while half-open")
	b.RecordAt(at(time.Second), Ticket{}, true)
	assert.Equal(t, HalfOpen, b.StateAt(at(time.Second)), "zero Ticket while half-open")

	b.RecordAt(at(time.Second), probe, true)
	assert.Equal(t, Closed, b.StateAt(at(time.Second)), "probe success")
	b.RecordAt(at(time.Second), probe, false) // recorded twice: now stale
	assert.Equal(t, Closed, b.StateAt(at(time.Second)), "probe ticket recorded again")

	assert.Equal(t, []transition{{"db", Closed, Open}, {"db", Open, HalfOpen}, {"db", HalfOpen, Closed}}, log)
}

func TestHalfOpenProbes(t *testing.T) {
	b, err := New(Settings{Threshold: 1, Cooldown: 10 * time.Second, Probes: 2})
	require.NoError(t, err)
	tk, _ := b.AllowAt(at(0))
	b.RecordAt(at(0), tk, false)

	p1, err := b.AllowAt(at(10 * time.Second))
	require.NoError(t, err, "probe 1")
	p2, err := b.AllowAt(at(10 * time.Second))
	require.NoError(t, err, "probe 2")
	_, err = b.AllowAt(at(11 * time.Second))
	require.ErrorIs(t, err, ErrTooManyProbes, "probe 3 with Probes 2")
	assert.Equal(t, Counts{Requests: 2}, b.Counts(), "rejected calls are not requests")

	b.RecordAt(at(12*time.Second), p1, true)
	require.Equal(t, Closed, b.StateAt(at(12*time.Second)), "after the first probe succeeded")
	b.RecordAt(at(12*time.Second), p2, false)
	assert.Equal(t, Closed, b.StateAt(at(12*time.Second)), "the other probe's failure is stale")
}

func TestLostProbeIsReplacedAfterCooldown(t *testing.T) {
	b, err := New(Settings{Threshold: 1, Cooldown: 10 * time.Second})
	require.NoError(t, err)
	tk, _ := b.AllowAt(at(0))
	b.RecordAt(at(0), tk, false)

	lost, err := b.AllowAt(at(10 * time.Second))
	require.NoError(t, err, "first probe")
	_, err = b.AllowAt(at(20*time.Second - 1))
	require.ErrorIs(t, err, ErrTooManyProbes, "just before the lost probe expires")
	probe, err := b.AllowAt(at(20 * time.Second))
	require.NoError(t, err, "a cooldown after the round began")

	b.RecordAt(at(21*time.Second), lost, false)
	assert.Equal(t, HalfOpen, b.StateAt(at(21*time.Second)), "the lost probe reports late")
	b.RecordAt(at(21*time.Second), probe, true)
	assert.Equal(t, Closed, b.StateAt(at(21*time.Second)), "the new probe succeeds")
}

func TestCounts(t *testing.T) {
	b, err := New(Settings{Threshold: 3})
	require.NoError(t, err)
	for i, ok := range []bool{true, false, true, false, false} {
		tk, err := b.AllowAt(at(time.Duration(i)))
		require.NoError(t, err)
		b.RecordAt(at(time.Duration(i)), tk, ok)
	}
	assert.Equal(t, Counts{Requests: 5, Successes: 2, Failures: 3, ConsecutiveFailures: 2}, b.Counts())

	tk, _ := b.AllowAt(at(10))
	b.RecordAt(at(10), tk, false)
	assert.Equal(t, Counts{}, b.Counts(), "counts reset when the circuit opens")
}

func TestStateChangeCallbackMayUseBreaker(t *testing.T) {
	var seen []State
	var b *Breaker
	b, err := New(Settings{Threshold: 1, Now: func() time.Time { return t0 }, OnStateChange: func(string, State, State) {
		seen = append(seen, b.State()) // would deadlock if called under the lock
	}})
	require.NoError(t, err)
	tk, _ := b.Allow()
	b.Record(tk, false)
	assert.Equal(t, []State{Open}, seen)
}

func TestNowDefaultsToWallClock(t *testing.T) {
	b, err := New(Settings{Name: "wall", Threshold: 1})
	require.NoError(t, err)
	assert.Equal(t, "wall", b.Name())
	tk, err := b.Allow()
	require.NoError(t, err)
	b.Record(tk, false)
	assert.Equal(t, Open, b.State(), "with a 30s cooldown the circuit is still open")
}

func TestWindowBeforeUnixEpoch(t *testing.T) {
	w := window{width: int64(time.Second)}
	old := time.Date(1960, 1, 1, 0, 0, 0, 500_000_000, time.UTC)
	assert.Equal(t, old.Unix(), w.indexOf(old), "floor of a negative instant")
	w.add(old, false)
	w.add(old.Add(time.Second), true)
	calls, failures := w.sum(old.Add(time.Second))
	assert.Equal(t, [2]int{2, 1}, [2]int{calls, failures}, "calls, failures")
	calls, _ = w.sum(old.Add(11 * time.Second))
	assert.Equal(t, 0, calls, "ten seconds later both calls have left the window")
}

func TestAllowRecordDoesNotAllocate(t *testing.T) {
	b, err := New(Settings{Threshold: 5, MinCalls: 10, FailureRate: 0.5})
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		tk, _ := b.AllowAt(t0)
		b.RecordAt(t0, tk, true)
	})
	assert.Zero(t, allocs, "allocations per Allow+Record")
}
