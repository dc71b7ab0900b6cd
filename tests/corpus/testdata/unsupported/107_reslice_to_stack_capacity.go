package main

import "fmt"

// e's first growth is on the stack with room for 4 ints: go run prints
// 4, growslice's capacity would give 1.
func main() {
	var e []int
	e = append(e, 1)
	e = e[:cap(e)]
	fmt.Println(len(e))
}
