package main

import "fmt"

// s's first growth is on the stack with room for 4 ints: the two appends
// write into the same backing array and go run prints "3 3"; with
// growslice's capacity of 1 each would get its own and print "2 3".
func main() {
	var s []int
	s = append(s, 1)
	a := append(s, 2)
	c := append(s, 3)
	fmt.Println(a[1], c[1])
}
