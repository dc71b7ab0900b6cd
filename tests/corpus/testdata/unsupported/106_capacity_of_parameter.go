package main

import "fmt"

// show only reads its parameter, so t stays in main and its growth is
// on the stack: go run prints "3 4", growslice would give "3 3".
func show(s []int) { fmt.Println(len(s), cap(s)) }

func main() {
	var t []int
	t = append(t, 1, 2, 3)
	show(t)
}
