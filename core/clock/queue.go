package clock

import (
	"container/heap"
	"context"
	"time"
)

// eventKind says what firing an event does.
type eventKind uint8

const (
	wakeSleeper   eventKind = iota // close wake, count the sleeper as waking
	sendTime                       // one-shot timer: offer the instant on c
	sendTick                       // ticker: offer the instant on c, re-arm
	callFunc                       // AfterFunc: run f in its own goroutine
	expireContext                  // WithDeadline: end ctx with DeadlineExceeded
)

// event is one pending wake-up. Its fields are guarded by Virtual.mu.
type event struct {
	when   time.Time
	seq    uint64 // scheduling order; breaks ties between equal instants
	index  int    // 1 + position in the queue; 0 when not queued
	kind   eventKind
	period time.Duration  // sendTick
	c      chan time.Time // sendTime, sendTick; buffer of one
	wake   chan struct{}  // wakeSleeper
	fired  bool           // wakeSleeper: set when wake is closed
	f      func()         // callFunc
	ctx    *deadlineCtx   // expireContext
}

// queue is a min-heap of events ordered by (when, seq).
type queue []*event

func (q queue) Len() int { return len(q) }

func (q queue) Less(i, j int) bool {
	if !q[i].when.Equal(q[j].when) {
		return q[i].when.Before(q[j].when)
	}
	return q[i].seq < q[j].seq
}

func (q queue) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].index = i + 1
	q[j].index = j + 1
}

func (q *queue) Push(x any) {
	ev := x.(*event)
	ev.index = len(*q) + 1
	*q = append(*q, ev)
}

func (q *queue) Pop() any {
	old := *q
	n := len(old) - 1
	ev := old[n]
	old[n] = nil
	ev.index = 0
	*q = old[:n]
	return ev
}

// schedule queues ev to fire at when. v.mu must be held.
func (v *Virtual) schedule(ev *event, when time.Time) {
	v.activity.Add(1)
	ev.when = when
	ev.seq = v.seq
	v.seq++
	heap.Push(&v.queue, ev)
	v.notify()
	if !v.manual && !v.closed && !v.running {
		v.running = true
		v.wg.Add(1)
		go v.run()
	}
}

// arm schedules ev d from now, or fires it at once when d <= 0.
// v.mu must be held.
func (v *Virtual) arm(ev *event, d time.Duration) {
	if d > 0 {
		v.schedule(ev, v.now.Add(d))
		return
	}
	v.activity.Add(1)
	ev.when = v.now
	v.fire(ev)
}

// unschedule removes ev from the queue and reports whether it was queued.
// v.mu must be held.
func (v *Virtual) unschedule(ev *event) bool {
	if ev.index == 0 {
		return false
	}
	heap.Remove(&v.queue, ev.index-1)
	v.notify()
	return true
}

// pop removes the earliest event and moves time to its instant.
// v.mu must be held and the queue must not be empty.
func (v *Virtual) pop() *event {
	ev := heap.Pop(&v.queue).(*event)
	if ev.when.After(v.now) {
		v.now = ev.when
	}
	v.notify()
	return ev
}

// fire performs ev, which is no longer queued, and reports whether that
// could have let some goroutine make progress (a dropped tick could not).
// v.mu must be held; fire never blocks.
func (v *Virtual) fire(ev *event) bool {
	switch ev.kind {
	case wakeSleeper:
		ev.fired = true
		v.waking.Add(1)
		close(ev.wake)
		return true
	case sendTime:
		return offer(ev.c, ev.when)
	case sendTick:
		sent := offer(ev.c, ev.when)
		ev.when = ev.when.Add(ev.period)
		heap.Push(&v.queue, ev)
		return sent
	case callFunc:
		v.waking.Add(1)
		go v.call(ev.f)
		return true
	default: // expireContext
		ev.ctx.cancel(context.DeadlineExceeded)
		return true
	}
}

// call runs an AfterFunc callback once it has been counted as resumed.
func (v *Virtual) call(f func()) {
	v.mu.Lock()
	v.waking.Add(-1)
	v.activity.Add(1)
	v.mu.Unlock()
	f()
}

// notify wakes BlockUntil callers after the queue changed. v.mu must be held.
func (v *Virtual) notify() {
	if v.changed != nil {
		close(v.changed)
		v.changed = nil
	}
}

// offer sends t on c unless c is full, and reports whether it sent.
func offer(c chan time.Time, t time.Time) bool {
	select {
	case c <- t:
		return true
	default:
		return false
	}
}

// drain empties c and reports whether it held a value. A nil c is empty.
func drain(c chan time.Time) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
