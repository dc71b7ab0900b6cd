package main

import "fmt"

var saved []int

// t is grown on the stack and moved to the heap when it is stored in
// saved, with room for exactly 3 ints: go run prints 3, growslice's
// capacity would give 4.
func main() {
	var t []int
	t = append(t, 1)
	t = append(t, 2)
	t = append(t, 3)
	saved = t
	fmt.Println(cap(saved))
}
