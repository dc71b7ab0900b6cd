package storm

import (
	"container/heap"
	"time"
)

// event is something that happens to one client at a simulated instant.
// kind and the payload fields mean what the model using the queue says.
type event struct {
	at     time.Duration
	seq    uint64 // order of scheduling: breaks ties between equal instants
	client int32
	kind   uint8
	ok     bool
	value  int64 // model-specific payload (a version, a Retry-After)
}

// queue is a min-heap of events ordered by (at, seq). Equal instants come
// out in the order they were scheduled, so a run never depends on how the
// heap happens to arrange ties.
//
// It implements heap.Interface for container/heap, but the simulators use
// schedule and next, which move events in and out of the slice directly:
// heap.Push and heap.Pop would box every event in an interface.
type queue struct {
	events []event
	seq    uint64
}

func (q *queue) Len() int { return len(q.events) }

func (q *queue) Less(i, j int) bool {
	a, b := &q.events[i], &q.events[j]
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

func (q *queue) Swap(i, j int) { q.events[i], q.events[j] = q.events[j], q.events[i] }

// Push and Pop satisfy heap.Interface; see the type's comment.
func (q *queue) Push(x any) { q.events = append(q.events, x.(event)) }

func (q *queue) Pop() any {
	n := len(q.events) - 1
	e := q.events[n]
	q.events = q.events[:n]
	return e
}

// schedule adds e, stamping it with the next sequence number.
func (q *queue) schedule(e event) {
	e.seq = q.seq
	q.seq++
	q.events = append(q.events, e)
	heap.Fix(q, len(q.events)-1)
}

// next removes and returns the earliest event. The queue must not be empty.
func (q *queue) next() event {
	e := q.events[0]
	n := len(q.events) - 1
	q.events[0] = q.events[n]
	q.events = q.events[:n]
	if n > 0 {
		heap.Fix(q, 0)
	}
	return e
}
