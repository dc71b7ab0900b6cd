// A table of formats (bad verbs, explicit and bad indexes, '*' widths,
// flags, a format that ends inside a directive, fmt's EXTRA and
// MISSING) over operands spread from a slice that hold values of the
// program's types with String and Error methods, and Sprint of them.
package main

import "fmt"

type State int

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return fmt.Sprintf("http %d", e.Code) }

type Point struct{ X, Y int }

func main() {
	var err error = &HTTPError{503}
	args := []any{State(1), 3, err, Point{1, 2}, nil}
	for _, f := range []string{"%v", "%d %s", "%[2]v %[1]v", "%[1]v %[1]d", "%[1]T %[1]v %[1]q", "%*d", "%-*v|", "%[3]*[2]d", "%.*f", "%v %v %v %v %v", "%[5]v", "%[0]v", "%[x]v", "%v %", "%!v", "%%%v%%", "%10.3v|", "%+q %#x %X", "%[2]d %v %v", "%T %T %T", "%[1]v %[1]T %", "%v%[1]v%v", "%6[2]v|%-6[1]s|", "%#v %+v", "%x %X", "%c %U", "%t", "%e %g", "%s %s %s %s", "%08v", "% d", "%+d"} {
		fmt.Println(fmt.Sprintf(f, args...))
		fmt.Println(fmt.Sprintf(f, args[1:]...))
		fmt.Println(fmt.Sprint(args[:2]...), fmt.Sprint(args[2:]...))
	}
}
