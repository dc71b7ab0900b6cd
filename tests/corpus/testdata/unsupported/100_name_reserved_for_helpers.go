package main

import "fmt"

// flakylab_panicking_ is valid Go, but the playground names its own
// helpers with flakylab_ (this one is the flag its panic reporting sets):
// a program's variable of that name would take the helper's place. go run
// prints "attempts 3 panicking false".
var flakylab_panicking_ = false

func main() {
	attempts := 0
	for attempts < 3 {
		attempts++
	}
	fmt.Println("attempts", attempts, "panicking", flakylab_panicking_)
}
