// Spacing of Print operands held in error variables: a struct with a
// value-receiver Error, a pointer, a string type; a nil fmt.Stringer.
package main

import "fmt"

type SE struct{ N int }

func (s SE) Error() string { return fmt.Sprint("se", s.N) }

type PE struct{ N int }

func (p *PE) Error() string { return "pe" }

type Code string

func (c Code) Error() string { return "code" }

func main() {
	var e error = SE{1}
	var p error = &PE{2}
	var c error = Code("x")
	fmt.Println(fmt.Sprint(1, e, 2, p, 3, c, c, e, "s", e))
	var s fmt.Stringer
	fmt.Println(fmt.Sprint(1, s, 2))
}
