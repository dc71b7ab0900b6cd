// Declares a function named like the runtime's panic reporter, to hide the
// program's panics.
//
// want: flakylab_report_: a name starting with flakylab_ or _fl_ is not supported by the playground
// clean: yes
package main

import "fmt"

func flakylab_report_(v any, line, col int) {}

func main() {
	var m map[string]int
	m["k"] = 1
	fmt.Println("a panic was hidden")
}
