package breaker

import "time"

// windowSlots is the number of slots the failure-rate window is cut into.
// The window slides one slot at a time.
const windowSlots = 10

// window counts calls and failures over a rolling window with a fixed ring
// of slots, so recording allocates nothing. The zero window is off.
type window struct {
	width int64 // slot width in nanoseconds; 0 = off
	slots [windowSlots]slot
}

type slot struct {
	index    int64 // which slot-width interval of Unix time this slot holds
	calls    int
	failures int
}

// indexOf returns the slot-width interval that t falls in.
func (w *window) indexOf(t time.Time) int64 {
	n := t.UnixNano()
	i := n / w.width
	if n%w.width < 0 { // floor division for instants before 1970
		i--
	}
	return i
}

// add records one call at t.
func (w *window) add(t time.Time, success bool) {
	i := w.indexOf(t)
	s := &w.slots[mod(i, windowSlots)]
	if s.index != i || s.calls == 0 {
		*s = slot{index: i}
	}
	s.calls++
	if !success {
		s.failures++
	}
}

// sum returns the calls and failures in the window that ends at t.
func (w *window) sum(t time.Time) (calls, failures int) {
	now := w.indexOf(t)
	for _, s := range w.slots {
		if s.calls > 0 && s.index > now-windowSlots && s.index <= now {
			calls += s.calls
			failures += s.failures
		}
	}
	return calls, failures
}

// reset forgets every call but keeps the width.
func (w *window) reset() {
	w.slots = [windowSlots]slot{}
}

func mod(i, n int64) int64 {
	m := i % n
	if m < 0 {
		m += n
	}
	return m
}
