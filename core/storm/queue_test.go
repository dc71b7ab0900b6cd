package storm

import (
	"container/heap"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQueueOrdersByTimeThenScheduling(t *testing.T) {
	var q queue
	for i, at := range []time.Duration{5, 1, 5, 3, 1, 5} {
		q.schedule(event{at: at, client: int32(i)})
	}
	var got []int32
	for q.Len() > 0 {
		got = append(got, q.next().client)
	}
	// Ties come out in the order they were scheduled.
	assert.Equal(t, []int32{1, 4, 3, 0, 2, 5}, got)
}

// TestQueueMatchesContainerHeap checks that schedule and next, which move
// events without boxing them, order events exactly as heap.Push and
// heap.Pop do.
func TestQueueMatchesContainerHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var fast, boxed queue
	var seq uint64
	for range 2000 {
		if fast.Len() > 0 && rng.IntN(3) == 0 {
			a, b := fast.next(), heap.Pop(&boxed).(event)
			require.Equal(t, b, a)
			continue
		}
		e := event{at: time.Duration(rng.IntN(50)), client: int32(rng.IntN(1000))}
		fast.schedule(e)
		e.seq = seq
		seq++
		heap.Push(&boxed, e)
	}
	for fast.Len() > 0 {
		require.Equal(t, heap.Pop(&boxed).(event), fast.next())
	}
	assert.Zero(t, boxed.Len())
}
