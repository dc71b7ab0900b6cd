package frontend_test

import (
	"fmt"
	"strings"

	"github.com/flakylab/flakylab/sandbox/frontend"
)

func ExampleCheck() {
	_, diags := frontend.Check([]byte(`package main

import "fmt"

func main() {
	x := 1
	fmt.Println("hi")
}
`), frontend.Options{})
	for _, d := range diags {
		fmt.Println(d)
	}

	prog, _ := frontend.Check([]byte(`package main

import "fmt"

func main() {
	for i := range 3 {
		fmt.Println(max(i, 1))
	}
}
`), frontend.Options{})
	fmt.Println(strings.Join(prog.Lowered, ", "))
	// Output:
	// prog.go:6:2: declared and not used: x
	// min/max, range over int
}
