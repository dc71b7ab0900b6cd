package main

import (
	"fmt"
	"iter"
	"slices"
)

// The interpreter holds an iter.Seq[int] as a plain func(func(int) bool):
// in an interface it would pass for one. go run prints "iter.Seq[int]",
// then "sequence" and "false".
func main() {
	var v any = slices.Values([]int{1, 2})
	fmt.Printf("%T\n", v)
	switch v.(type) {
	case func(func(int) bool):
		fmt.Println("plain func")
	case iter.Seq[int]:
		fmt.Println("sequence")
	}
	_, ok := v.(func(func(int) bool))
	fmt.Println(ok)
}
