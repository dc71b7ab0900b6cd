package clock

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTurnFiresTheEarliestOnceQuiet: each turn of the advancer waits for
// quiescence and fires one wake-up, the earliest, at its instant; a
// callback released by one firing is waited for before the next.
func TestTurnFiresTheEarliestOnceQuiet(t *testing.T) {
	s := newScript(nil)
	v := s.v
	ran := make(chan string, 2)
	v.AfterFunc(2*time.Second, func() { ran <- "b@" + v.Elapsed().String() })
	v.AfterFunc(time.Second, func() { ran <- "a@" + v.Elapsed().String() })

	idle := 0
	require.True(t, v.turn(&idle), "a turn with wake-ups pending")
	assert.Equal(t, "[y y y]", s.trace(), "the quiet rounds before the first firing")
	assert.Equal(t, "a@1s", <-ran)
	assert.Equal(t, 1, v.Pending())

	// The callback has run, so it no longer counts as waking: the next
	// turn is quiet at once and fires the second one.
	require.True(t, v.turn(&idle))
	assert.Equal(t, "b@2s", <-ran)
	assert.Equal(t, 0, v.Pending())
	assert.Equal(t, 0, idle, "callbacks are progress")
	assert.False(t, s.ranOut, "rounds: %s", s.trace())

	assert.False(t, v.turn(&idle), "nothing pending: the advancer exits")
	assert.Equal(t, at0.Add(2*time.Second), v.Now())
}

// TestTurnStopsOnClose: a closed clock's advancer exits, and a clock
// closed while the advancer waits fires nothing.
func TestTurnStopsOnClose(t *testing.T) {
	s := newScript(nil)
	v := s.v
	v.NewTimer(time.Second)
	s.steps = map[int]func(){2: v.Close}
	idle := 0
	require.True(t, v.turn(&idle), "the turn that was waiting when Close came")
	assert.Equal(t, "[y y]", s.trace())
	assert.Equal(t, 1, v.Pending(), "nothing fired after Close")
	assert.False(t, v.turn(&idle), "then the advancer exits")
	assert.Equal(t, at0, v.Now())
}

// TestTurnSkipsAWakeUpStoppedDuringTheWait: a timer stopped while the
// advancer waited leaves nothing to fire, and the queue may be empty.
func TestTurnSkipsAWakeUpStoppedDuringTheWait(t *testing.T) {
	s := newScript(nil)
	v := s.v
	tm := v.NewTimer(time.Second)
	s.steps = map[int]func(){1: func() { assert.True(t, tm.Stop()) }}
	idle := 0
	require.True(t, v.turn(&idle))
	assert.Equal(t, "[y y y y]", s.trace(), "the Stop is activity: three quiet rounds after it")
	assert.Equal(t, 0, v.Pending())
	assert.Equal(t, at0, v.Now(), "nothing fired")
	assert.False(t, v.turn(&idle))
}

// TestTurnDoesNotFireAfterLateActivity: a clock call that comes after the
// rule's last check, before the firing, puts the firing off to the next
// turn.
func TestTurnDoesNotFireAfterLateActivity(t *testing.T) {
	s := newScript(nil)
	v := s.v
	tm := v.NewTimer(time.Second)
	late := true
	s.busy = func(int) bool {
		if late {
			late = false
			v.Now() // a goroutine calls the clock just after the check
		}
		return false
	}
	idle := 0
	require.True(t, v.turn(&idle))
	assert.Equal(t, 1, v.Pending(), "not fired in the turn the activity came in")
	require.True(t, v.turn(&idle))
	assert.Equal(t, 0, v.Pending(), "fired in the next")
	at, ok := received(tm.C)
	require.True(t, ok)
	assert.Equal(t, at0.Add(time.Second), at)
}

// TestTurnNapsAfterIdleFirings: firings that change nothing (ticks of a
// ticker nobody reads) make the advancer nap before each further firing,
// once there have been idleFires (2) of them; a firing that delivers a
// tick again ends the naps.
func TestTurnNapsAfterIdleFirings(t *testing.T) {
	s := newScript(nil)
	v := s.v
	tk := v.NewTicker(time.Second)
	idle := 0
	turn := func() string {
		before := len(s.log)
		require.True(t, v.turn(&idle))
		return fmtLog(s.log[before:])
	}
	assert.Equal(t, "y y y", turn(), "tick 1 is delivered")
	assert.Equal(t, 0, idle)
	assert.Equal(t, "y y y", turn(), "tick 2 is dropped")
	assert.Equal(t, 1, idle)
	assert.Equal(t, "y y y", turn(), "tick 3 is dropped")
	assert.Equal(t, 2, idle)
	assert.Equal(t, "n7ms y y y", turn(), "idle: a nap before tick 4")
	assert.Equal(t, 3, idle)
	at, ok := received(tk.C)
	require.True(t, ok)
	assert.Equal(t, at0.Add(time.Second), at, "the tick waiting is the first")
	assert.Equal(t, "n7ms y y y", turn(), "one more nap; tick 5 is delivered")
	assert.Equal(t, 0, idle)
	assert.Equal(t, "y y y", turn(), "no nap after a firing that delivered")
	tk.Stop()
	assert.False(t, v.turn(&idle))
}

func fmtLog(entries []string) string {
	out := ""
	for i, e := range entries {
		if i > 0 {
			out += " "
		}
		out += e
	}
	return out
}

// received returns a value waiting in c, if there is one.
func received(c <-chan time.Time) (time.Time, bool) {
	select {
	case at := <-c:
		return at, true
	default:
		return time.Time{}, false
	}
}
