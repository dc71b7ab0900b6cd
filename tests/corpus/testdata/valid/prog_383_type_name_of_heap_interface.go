package main

import (
	"container/heap"
	"fmt"
)

type PQ struct{ items []int }

func (pq *PQ) Len() int           { return len(pq.items) }
func (pq *PQ) Less(i, j int) bool { return pq.items[i] < pq.items[j] }
func (pq *PQ) Swap(i, j int)      { pq.items[i], pq.items[j] = pq.items[j], pq.items[i] }
func (pq *PQ) Push(x any)         { pq.items = append(pq.items, x.(int)) }
func (pq *PQ) Pop() any {
	n := len(pq.items)
	it := pq.items[n-1]
	pq.items = pq.items[:n-1]
	return it
}

func main() {
	pq := &PQ{}
	var h heap.Interface = pq
	fmt.Printf("%T\n", h)
	heap.Push(pq, 1)
	var h2 heap.Interface = pq
	fmt.Printf("%T\n", h2)
	p, ok := h2.(*PQ)
	fmt.Println(ok, p == pq, h2.Len())
	var a any = h2
	_, ok2 := a.(*PQ)
	fmt.Println(ok2)
}
