package main

import (
	"container/heap"
	"container/list"
	"fmt"
	"math/bits"
)

// A priority queue of jobs, lowest due time first.
type job struct {
	name string
	due  int
}

type queue []*job

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, j int) bool { return q[i].due < q[j].due }
func (q queue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)        { *q = append(*q, x.(*job)) }
func (q *queue) Pop() any {
	old := *q
	n := len(old)
	j := old[n-1]
	*q = old[:n-1]
	return j
}

// An LRU cache of fixed size.
type entry struct {
	key   string
	value int
}

type lru struct {
	size  int
	order *list.List
	items map[string]*list.Element
}

func newLRU(size int) *lru {
	return &lru{size: size, order: list.New(), items: map[string]*list.Element{}}
}

func (c *lru) Get(key string) (int, bool) {
	e, ok := c.items[key]
	if !ok {
		return 0, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*entry).value, true
}

func (c *lru) Put(key string, value int) {
	if e, ok := c.items[key]; ok {
		e.Value.(*entry).value = value
		c.order.MoveToFront(e)
		return
	}
	c.items[key] = c.order.PushFront(&entry{key, value})
	if c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*entry).key)
	}
}

func main() {
	q := &queue{{"c", 30}, {"a", 10}}
	heap.Init(q)
	heap.Push(q, &job{"b", 20})
	heap.Push(q, &job{"z", 5})
	for q.Len() > 0 {
		j := heap.Pop(q).(*job)
		fmt.Print(j.name, ":", j.due, " ")
	}
	fmt.Println()

	c := newLRU(2)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Get("a")
	c.Put("c", 3)
	_, okB := c.Get("b")
	va, okA := c.Get("a")
	fmt.Println(okB, va, okA, c.order.Len())

	fmt.Println(bits.OnesCount(255), bits.LeadingZeros64(1), bits.TrailingZeros(8), bits.Len(1023))
	hi, lo := bits.Mul64(1<<63, 4)
	sum, carry := bits.Add64(^uint64(0), 1, 0)
	fmt.Println(hi, lo, sum, carry, bits.Reverse8(1), bits.RotateLeft32(1, -1), bits.UintSize)
}
