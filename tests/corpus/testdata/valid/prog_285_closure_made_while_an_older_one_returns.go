// A function literal made in a loop while an earlier closure of the same
// literal returns, before the new one is used (here an argument after it
// calls the previous closure): each element keeps its own iteration's i.
// The interpreter used to hand pick the value the literal held before
// the older closure was made (a nil function the first time).
package main

import "fmt"

func pick(f func() int, _ int) func() int { return f }

func main() {
	var fs []func() int
	last := func() int {
		if len(fs) == 0 {
			return -1
		}
		return fs[len(fs)-1]()
	}
	for i := range 4 {
		fs = append(fs, pick(func() int { return i * 10 }, last()))
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
