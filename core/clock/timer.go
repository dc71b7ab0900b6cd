package clock

import "time"

// Timer is the virtual counterpart of time.Timer. A Timer from NewTimer
// delivers its instant on C; one from AfterFunc calls its function instead
// and has a nil C. Create Timers with NewTimer or AfterFunc.
type Timer struct {
	// C delivers the instant the timer fired at. It has a buffer of one
	// that Stop and Reset empty.
	C <-chan time.Time

	v  *Virtual
	ev *event
}

// NewTimer returns a Timer that delivers the virtual instant on its C once
// d has passed. A d <= 0 delivers at once.
func (v *Virtual) NewTimer(d time.Duration) *Timer {
	c := make(chan time.Time, 1)
	ev := &event{kind: sendTime, c: c}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.arm(ev, d)
	return &Timer{C: c, v: v, ev: ev}
}

// After returns NewTimer(d).C, the counterpart of time.After.
func (v *Virtual) After(d time.Duration) <-chan time.Time {
	return v.NewTimer(d).C
}

// AfterFunc returns a Timer that calls f in its own goroutine once d has
// passed. A d <= 0 starts f at once. The Timer's C is nil.
func (v *Virtual) AfterFunc(d time.Duration, f func()) *Timer {
	ev := &event{kind: callFunc, f: f}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.arm(ev, d)
	return &Timer{v: v, ev: ev}
}

// Stop prevents the timer from firing. It reports true if that stopped a
// pending firing or removed an undelivered value from C, and false if the
// timer had already fired and been received, or had been stopped. After
// Stop returns, nothing from before the call is received from C. Stop does
// not wait for an AfterFunc callback that has already started.
func (t *Timer) Stop() bool {
	v := t.clock("Stop")
	v.mu.Lock()
	defer v.mu.Unlock()
	v.activity.Add(1)
	stopped := v.unschedule(t.ev)
	if drain(t.ev.c) {
		stopped = true
	}
	return stopped
}

// Reset re-arms the timer to fire d from now (at once if d <= 0), first
// discarding any undelivered value. It reports what Stop would have.
func (t *Timer) Reset(d time.Duration) bool {
	v := t.clock("Reset")
	v.mu.Lock()
	defer v.mu.Unlock()
	stopped := v.unschedule(t.ev)
	if drain(t.ev.c) {
		stopped = true
	}
	v.arm(t.ev, d)
	return stopped
}

func (t *Timer) clock(method string) *Virtual {
	if t.v == nil {
		panic("clock: " + method + " called on uninitialized Timer")
	}
	return t.v
}

// Ticker is the virtual counterpart of time.Ticker: it delivers the
// instant on C every period, dropping ticks while a tick waits unread.
// Create Tickers with NewTicker.
type Ticker struct {
	// C delivers the instants of the ticks. It has a buffer of one that
	// Stop and Reset empty.
	C <-chan time.Time

	v  *Virtual
	ev *event
}

// NewTicker returns a Ticker that ticks every d, first at d from now. It
// panics if d <= 0, as time.NewTicker does.
func (v *Virtual) NewTicker(d time.Duration) *Ticker {
	if d <= 0 {
		panic("clock: non-positive interval for NewTicker")
	}
	c := make(chan time.Time, 1)
	ev := &event{kind: sendTick, c: c, period: d}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.schedule(ev, v.now.Add(d))
	return &Ticker{C: c, v: v, ev: ev}
}

// Tick returns NewTicker(d).C, or nil if d <= 0, the counterpart of
// time.Tick.
func (v *Virtual) Tick(d time.Duration) <-chan time.Time {
	if d <= 0 {
		return nil
	}
	return v.NewTicker(d).C
}

// Stop turns the ticker off and discards an unread tick. A stopped ticker
// can be restarted with Reset.
func (t *Ticker) Stop() {
	v := t.clock("Stop")
	v.mu.Lock()
	defer v.mu.Unlock()
	v.activity.Add(1)
	v.unschedule(t.ev)
	drain(t.ev.c)
}

// Reset stops the ticker, discards an unread tick and restarts it with
// period d, the next tick d from now. It panics if d <= 0.
func (t *Ticker) Reset(d time.Duration) {
	v := t.clock("Reset")
	if d <= 0 {
		panic("clock: non-positive interval for Ticker.Reset")
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.unschedule(t.ev)
	drain(t.ev.c)
	t.ev.period = d
	v.schedule(t.ev, v.now.Add(d))
}

func (t *Ticker) clock(method string) *Virtual {
	if t.v == nil {
		panic("clock: " + method + " called on uninitialized Ticker")
	}
	return t.v
}
