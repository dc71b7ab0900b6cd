package main

// slices.Chunk: consecutive sub-slices of at most n elements, each with
// its capacity cut to its length; n < 1 panics.

import (
	"fmt"
	"slices"
)

type Batch []string

func main() {
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Println(c, len(c), cap(c))
	}
	ids := Batch{"a", "b", "c", "d"}
	var batches []Batch
	for b := range slices.Chunk(ids, 3) {
		batches = append(batches, b)
	}
	fmt.Println(batches, len(batches))
	for c := range slices.Chunk([]int{}, 2) {
		fmt.Println("never", c)
	}
	all := slices.Collect(slices.Chunk([]int{1, 2, 3}, 1))
	fmt.Println(all)
	for c := range slices.Chunk([]int{1, 2, 3, 4}, 3) {
		c = append(c, 99)
		fmt.Println(c)
		break
	}
	defer func() { fmt.Println("recovered:", recover()) }()
	for range slices.Chunk([]int{1}, 0) {
	}
}
