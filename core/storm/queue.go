package storm

import (
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
// It implements heap.Interface for container/heap (the tests compare the
// two), but the simulators use schedule and next, which move events in and
// out of the slice directly: heap.Push and heap.Pop would box every event
// in an interface, and Less and Swap called through it are not inlined.
type queue struct {
	events []event
	seq    uint64
}

func (q *queue) Len() int { return len(q.events) }

func (q *queue) Less(i, j int) bool { return earlier(&q.events[i], &q.events[j]) }

func (q *queue) Swap(i, j int) { q.events[i], q.events[j] = q.events[j], q.events[i] }

// Push and Pop satisfy heap.Interface; see the type's comment.
func (q *queue) Push(x any) { q.events = append(q.events, x.(event)) }

func (q *queue) Pop() any {
	n := len(q.events) - 1
	e := q.events[n]
	q.events = q.events[:n]
	return e
}

// earlier reports whether a comes out of the queue before b.
func earlier(a, b *event) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

// schedule adds e, stamping it with the next sequence number. It moves e up
// the heap as heap.Fix would, without calling Less and Swap through the
// interface (the simulators' hottest loop, also as js/wasm).
func (q *queue) schedule(e event) {
	e.seq = q.seq
	q.seq++
	q.events = append(q.events, e)
	ev := q.events
	for j := len(ev) - 1; j > 0; {
		i := (j - 1) / 2
		if !earlier(&ev[j], &ev[i]) {
			break
		}
		ev[i], ev[j] = ev[j], ev[i]
		j = i
	}
}

// next removes and returns the earliest event, moving the last one down
// from the top as heap.Fix would. The queue must not be empty.
func (q *queue) next() event {
	ev := q.events
	e := ev[0]
	n := len(ev) - 1
	ev[0] = ev[n]
	ev = ev[:n]
	q.events = ev
	for i := 0; ; {
		j := 2*i + 1
		if j >= n {
			break
		}
		if r := j + 1; r < n && earlier(&ev[r], &ev[j]) {
			j = r
		}
		if !earlier(&ev[j], &ev[i]) {
			break
		}
		ev[i], ev[j] = ev[j], ev[i]
		i = j
	}
	return e
}
