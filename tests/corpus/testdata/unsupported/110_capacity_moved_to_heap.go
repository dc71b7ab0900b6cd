package main

import "fmt"

// Since Go 1.26 gc grows s on the stack and moves it to the heap when it
// is returned, with room for exactly its 3 ints: go run prints
// "3 3 [0 1 2]" though u is printed; growslice's capacity would give 4.
func collect(n int) []int {
	var s []int
	for i := 0; i < n; i++ {
		s = append(s, i)
	}
	return s
}

func main() {
	u := collect(3)
	fmt.Println(len(u), cap(u), u)
}
