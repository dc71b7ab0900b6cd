package main

import "fmt"

type Level int

func (l Level) String() string { return "high" }

// Explicit indexes print one operand with two kinds of verb: go run
// prints "high 1"; the operand, passed once, was lowered for one verb
// and the other printed %!s(main.Level=1).
func main() {
	fmt.Printf("%[1]s %[1]d\n", Level(1))
}
