package breaker

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTicketFromClosedStaysStaleAcrossProbeRounds keeps a ticket from the
// closed state while the circuit opens, goes half-open and twice replaces a
// lost probe. Every one of those changes starts a new generation, so the old
// ticket must still be ignored: it may not close the circuit.
func TestTicketFromClosedStaysStaleAcrossProbeRounds(t *testing.T) {
	var log []transition
	b := newRecorded(t, Settings{Name: "api", Threshold: 1, Cooldown: time.Second}, &log)
	old, err := b.AllowAt(at(0))
	require.NoError(t, err)
	failing, err := b.AllowAt(at(0))
	require.NoError(t, err)
	b.RecordAt(at(0), failing, false)
	require.Equal(t, Open, b.StateAt(at(0)))

	for i := 1; i <= 3; i++ {
		// Each probe is lost; a cooldown later the next one replaces it.
		_, err := b.AllowAt(at(time.Duration(i) * time.Second))
		require.NoError(t, err, "probe %d", i)
	}
	b.RecordAt(at(3*time.Second), old, true)
	assert.Equal(t, HalfOpen, b.StateAt(at(3*time.Second)), "state after the closed-state ticket reports success")
	assert.Equal(t, Counts{Requests: 3}, b.Counts(), "counts since the circuit went half-open")
	assert.Equal(t, []transition{{"api", Closed, Open}, {"api", Open, HalfOpen}}, log)
}

// TestFailureRateTripsWhenReached opens the circuit as soon as the failure
// share reaches FailureRate: 2 failures in 4 calls at a rate of 0.5.
func TestFailureRateTripsWhenReached(t *testing.T) {
	b, err := New(Settings{Threshold: 100, MinCalls: 4, FailureRate: 0.5, Window: 10 * time.Second})
	require.NoError(t, err)
	for i, success := range []bool{true, true, false, false} {
		require.Equal(t, Closed, b.StateAt(at(0)), "before call %d", i+1)
		tk, err := b.AllowAt(at(0))
		require.NoError(t, err)
		b.RecordAt(at(0), tk, success)
	}
	assert.Equal(t, Open, b.StateAt(at(0)), "after 2 failures in 4 calls with FailureRate 0.5")
}

// TestWindowCountsCallsOnASlotBoundary records failures exactly on a
// one-second slot boundary, before and after 1970, and a last failure 9.5 s
// later: the window (ten slots, the current one included) still holds the
// first ones, so the third failure trips the circuit.
func TestWindowCountsCallsOnASlotBoundary(t *testing.T) {
	for _, start := range []time.Time{time.Unix(-1, 0), time.Unix(100, 0)} {
		b, err := New(Settings{Threshold: 100, MinCalls: 3, FailureRate: 1, Window: 10 * time.Second})
		require.NoError(t, err)
		for _, t1 := range []time.Time{start, start, start.Add(9500 * time.Millisecond)} {
			tk, err := b.AllowAt(t1)
			require.NoError(t, err, "Allow at %v", t1)
			b.RecordAt(t1, tk, false)
		}
		assert.Equal(t, Open, b.StateAt(start.Add(9500*time.Millisecond)),
			"three failures from %v to 9.5 s later, 10 s window, MinCalls 3", start)
	}
}
