package sandbox

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/flakylab/flakylab/core/clock"
)

// causeCtx is context.WithDeadlineCause on a run's virtual clock: it ends
// with context.DeadlineExceeded when the clock reaches its deadline, and
// context.Cause then gives the cause. The cause is carried by a
// context.WithCancelCause child of the parent (embedded: Value and Cause
// find it there), cancelled with it just before Done closes; Done is a
// channel of its own, so that contexts derived from this one copy Err
// (DeadlineExceeded) and the cause from it.
type causeCtx struct {
	context.Context
	v        *clock.Virtual
	parent   context.Context
	deadline time.Time
	done     chan struct{}

	mu      sync.Mutex
	expired bool
}

func (c *causeCtx) Deadline() (time.Time, bool) { return c.deadline, true }

func (c *causeCtx) Done() <-chan struct{} { return c.done }

func (c *causeCtx) Err() error {
	select {
	case <-c.done:
	default:
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.expired {
		return context.DeadlineExceeded
	}
	return c.Context.Err()
}

func (c *causeCtx) String() string {
	// As the context package's: the parent's name, the deadline and the
	// virtual time left.
	name := fmt.Sprintf("%T", c.parent)
	if s, ok := c.parent.(fmt.Stringer); ok {
		name = s.String()
	}
	return name + ".WithDeadline(" + c.deadline.String() + " [" + c.v.Until(c.deadline).String() + "])"
}

// withDeadlineCause is context.WithDeadlineCause on the virtual clock v.
func withDeadlineCause(v *clock.Virtual, parent context.Context, d time.Time, cause error) (context.Context, context.CancelFunc) {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	if cur, ok := parent.Deadline(); ok && cur.Before(d) {
		return context.WithCancel(parent) // the parent's deadline comes first, as in Go
	}
	if cause == nil {
		cause = context.DeadlineExceeded
	}
	cc, ccancel := context.WithCancelCause(parent)
	c := &causeCtx{Context: cc, v: v, parent: parent, deadline: d, done: make(chan struct{})}
	closeDone := sync.OnceFunc(func() { close(c.done) })
	expire := func() {
		c.mu.Lock()
		if cc.Err() == nil {
			c.expired = true
			ccancel(cause)
		}
		c.mu.Unlock()
		closeDone()
	}
	context.AfterFunc(cc, closeDone) // the parent ended
	if !d.After(v.Now()) {
		expire()
		return c, func() {}
	}
	t := v.AfterFunc(v.Until(d), expire)
	return c, func() {
		t.Stop()
		c.mu.Lock()
		ccancel(context.Canceled)
		c.mu.Unlock()
		closeDone()
	}
}
