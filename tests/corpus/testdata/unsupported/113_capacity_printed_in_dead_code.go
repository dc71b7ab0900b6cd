package main

import "fmt"

const debug = false

// gc drops the branch under a false constant before its escape analysis,
// so s stays on the stack: go run prints 4, growslice's capacity would
// give 1.
func main() {
	var s []int
	s = append(s, 1)
	if debug {
		fmt.Println(s)
	}
	fmt.Println(cap(s))
}
