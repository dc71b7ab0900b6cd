// Operands spread from a slice into Print, Sprint, Fprint and Append in a
// program whose types have String and Error methods: each prints as fmt
// prints it, and the spaces between them are put by the kinds of the
// values themselves (a String result is a string, the State was not).
package main

import (
	"errors"
	"fmt"
	"os"
)

type State int

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return fmt.Sprintf("http %d", e.Code) }

type Name string

func (n Name) String() string { return "name:" + string(n) }

type Plain string

type Celsius float64

type Point struct{ X, Y int }

func logs(args ...any) { fmt.Print(args...); fmt.Print("\n") }

func main() {
	var err error = &HTTPError{503}
	logs(State(1), 3, err)
	logs("a", State(1), "b", 2, 3, "c")
	logs(Name("x"), Name("y"), State(2), Plain("p"), Plain("q"), 1)
	logs(nil, nil, 1, "s", nil)
	logs(Celsius(1.5), Point{1, 2}, &Point{3, 4}, []State{1, 2})
	logs(errors.New("e1"), errors.New("e2"), 5)
	fmt.Println(fmt.Sprint([]any{State(0), 1, "x", State(1)}...))
	fmt.Fprint(os.Stdout, []any{1, 2, State(2), "\n"}...)
	b := fmt.Append([]byte("> "), []any{State(1), Name("z"), 9}...)
	fmt.Println(string(b))
	logs()
	logs(State(1))
}
