package main

import "fmt"

// s has capacity 0, so the append grows it, on the stack: go run prints
// 4, growslice's capacity would give 1.
func main() {
	s := make([]int, 0)
	fmt.Println(cap(append(s, 1)))
}
