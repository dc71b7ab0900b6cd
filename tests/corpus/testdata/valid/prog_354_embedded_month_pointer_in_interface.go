// A pointer to a struct of the program that embeds time.Month, whose
// String method fmt finds through the pointer, stored in any and in
// fmt.Stringer and printed: it printed as in Go, and had been refused
// with the value itself (which made the interpreter's fmt panic).
package main

import (
	"fmt"
	"time"
)

type period struct {
	time.Month
	Year int
}

func main() {
	p := period{time.May, 2025}
	var x any = &p
	var y fmt.Stringer = &p
	fmt.Println(x, y, y.String())
	fmt.Printf("%v %s %d\n", x, y, x)
	items := []any{&p, 3}
	fmt.Println(items...)
}
