package clock

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// WithTimeout returns WithDeadline(parent, v.Now().Add(d)).
func (v *Virtual) WithTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return v.WithDeadline(parent, v.Now().Add(d))
}

// WithDeadline is the virtual counterpart of context.WithDeadline. The
// returned context's Deadline is d; it ends with context.DeadlineExceeded
// when the virtual clock reaches d, with context.Canceled when the returned
// CancelFunc is called, and with its parent's error when the parent ends,
// whichever comes first. If the parent's deadline is already earlier than d,
// it returns context.WithCancel(parent), as context.WithDeadline does.
// Calling the CancelFunc releases the pending deadline: call it as soon as
// the work is done, or an auto-advancing clock may later jump to d.
func (v *Virtual) WithDeadline(parent context.Context, d time.Time) (context.Context, context.CancelFunc) {
	if parent == nil {
		panic("clock: cannot create context from nil parent")
	}
	if cur, ok := parent.Deadline(); ok && cur.Before(d) {
		v.activity.Add(1)
		return context.WithCancel(parent)
	}
	c := &deadlineCtx{v: v, parent: parent, deadline: d, done: make(chan struct{})}
	c.ev = &event{kind: expireContext, ctx: c}
	// Both ways of ending early unqueue the deadline before closing Done,
	// so that whoever sees Done closed also sees it gone from Pending.
	cancel := func() {
		v.mu.Lock()
		v.activity.Add(1)
		v.unschedule(c.ev)
		v.mu.Unlock()
		c.cancel(context.Canceled)
	}
	if err := parent.Err(); err != nil {
		c.cancel(err)
		v.activity.Add(1)
		return c, cancel
	}
	v.mu.Lock()
	if d.After(v.now) {
		v.schedule(c.ev, d)
	} else {
		v.activity.Add(1)
		c.cancel(context.DeadlineExceeded)
	}
	v.mu.Unlock()
	stop := context.AfterFunc(parent, func() {
		v.mu.Lock()
		v.unschedule(c.ev)
		v.mu.Unlock()
		c.cancel(parent.Err())
	})
	c.mu.Lock()
	if c.err == nil {
		c.stopParent = stop
		stop = nil
	}
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
	return c, cancel
}

// deadlineCtx is a context that ends at a virtual deadline.
type deadlineCtx struct {
	v        *Virtual
	parent   context.Context
	deadline time.Time
	done     chan struct{}
	ev       *event // guarded by Virtual.mu

	mu         sync.Mutex
	err        error
	stopParent func() bool // stops watching the parent
}

func (c *deadlineCtx) Deadline() (time.Time, bool) { return c.deadline, true }

func (c *deadlineCtx) Done() <-chan struct{} { return c.done }

func (c *deadlineCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Value looks keys up in the parent: this context carries no values.
// Contexts derived from this one therefore cannot attach to an ancestor's
// internals; the context package watches Done and copies Err instead, so
// they end with DeadlineExceeded too.
func (c *deadlineCtx) Value(key any) any { return c.parent.Value(key) }

// String says how the context was made, in the context package's words:
// "context.Background.WithDeadline(2025-03-14 09:00:03 +0000 UTC [3s])",
// the deadline and the virtual time left until it.
func (c *deadlineCtx) String() string {
	return deadlineName(c.parent, c.deadline, c.v.Until(c.deadline))
}

// deadlineName is what the context package's String gives for a context
// made by WithDeadline(parent, deadline) with left to go until it.
func deadlineName(parent context.Context, deadline time.Time, left time.Duration) string {
	name := ""
	if s, ok := parent.(fmt.Stringer); ok {
		name = s.String()
	} else {
		name = fmt.Sprintf("%T", parent)
	}
	return name + ".WithDeadline(" + deadline.String() + " [" + left.String() + "])"
}

// cancel ends the context with err unless it has ended already. It may be
// called with Virtual.mu held: it takes only c.mu and the parent's
// internal lock.
func (c *deadlineCtx) cancel(err error) {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err = err
	close(c.done)
	stop := c.stopParent
	c.stopParent = nil
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
}
