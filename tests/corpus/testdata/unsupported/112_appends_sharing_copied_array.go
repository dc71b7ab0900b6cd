package main

import "fmt"

// s's first growth is on the stack with room for 4 ints, so t and r share
// its array and the second append overwrites the first: go run prints
// "3 3"; with growslice's capacity of 1 each append copies: "2 3".
func main() {
	var s []int
	s = append(s, 1)
	t := s
	r := s
	t = append(t, 2)
	r = append(r, 3)
	fmt.Println(t[1], r[1])
}
