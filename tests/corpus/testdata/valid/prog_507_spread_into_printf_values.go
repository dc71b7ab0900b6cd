// Operands spread from a slice into Printf: a nil pointer whose Error
// method fmt calls, a String method that panics, a package's types,
// boxed types, flags and widths, and a slice passed as one variadic
// argument (not spread) to the program's function.
package main

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

type State int

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return fmt.Sprintf("http %d", e.Code) }

type PtrOnly struct{ N int }

func (p *PtrOnly) String() string { return fmt.Sprintf("P%d", p.N) }

type Bad struct{ M string }

func (b Bad) String() string { panic("boom") }

type Celsius float64

type Name string

type Pair struct {
	A, B any
}

func logf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func main() {
	var nilErr *HTTPError
	logf("%v|%s|%d", nilErr, nilErr, nilErr)
	logf("%v %v", PtrOnly{1}, &PtrOnly{2})
	logf("%v %d %v", nil, []State{0, 2}, []any{State(1), nil})
	logf("%x %q %X", []byte("hi"), []string{"a", "b"}, "hi")
	logf("%v %s %d", time.Second, 2*time.Millisecond, time.Duration(5))
	logf("%v %v", errors.New("e"), fmt.Errorf("f: %w", errors.New("g")))
	logf("%v %.1f %s %q %T", Celsius(1.5), Celsius(2), Name("n"), Name("m"), Name(""))
	logf("%v %+v", Pair{State(1), Name("x")}, Pair{1, nil})
	logf("%08.3f|%-6v|%+d|% d", Celsius(3.14159), State(0), State(1), State(2))
	logf("%t %c %U %b %o %e", true, 'x', 0x1F600, 5, 8, 1e6)
	logf("%v", strings.Repeat("ab", 2))
	logf("%s", &HTTPError{404})
	logf("%v %v", State(1), State(1))
	logf("%v|%d", Bad{"m"}, Bad{"m"})
	var e error = &HTTPError{500}
	logf("%v %T", e, e)
	logf("%6.2v|%-10q|", State(1), State(2))
	logf("%[1]*[2]d|", 4, State(1))
}
