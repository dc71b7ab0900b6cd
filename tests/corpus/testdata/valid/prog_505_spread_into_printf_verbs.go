// Operands spread from a slice into Printf and the other formatting
// functions, in a program whose types have String and Error methods: a
// logging wrapper several levels deep, every kind of verb, %T, %#v,
// nil, explicit indexes, a '*' width, and fmt's EXTRA and MISSING.
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

type Point struct{ X, Y int }

type Holder struct {
	Name string
	S    State
}

type Temp float64

var ErrOpen = errors.New("breaker open")

func logf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func debugf(format string, args ...any) { logf("[debug] "+format, args...) }

func tracef(level int, format string, args ...any) {
	if level > 0 {
		debugf(format, args...)
	}
}

func main() {
	var err error = &HTTPError{503}
	logf("breaker %v after %d failures: %v", State(1), 3, err)
	tracef(1, "state %s %q %x %X %d", State(0), State(1), State(2), State(2), State(1))
	logf("%v %+v %#v", Point{1, 2}, Point{1, 2}, Point{1, 2})
	logf("%v", Holder{"a", 1})
	logf("%T %T %T %T %T", State(1), err, Point{}, Holder{}, ErrOpen)
	logf("%v %d %T", nil, nil, nil)
	logf("%v %s", []State{1, 2}, map[string]State{"a": 1})
	logf("%5v|%-8s|%08d|%10T|", State(1), State(2), State(1), State(0))
	logf("%.2f %v %T", Temp(1.5), Temp(2.25), Temp(3))
	logf("%v and %v", ErrOpen, err)
	args := []any{State(1)}
	args = append(args, err, 7)
	logf("%v %v %v", args...)
	fmt.Fprintf(os.Stdout, "%v|%v\n", args...)
	b := fmt.Appendf(nil, "%v-%v", args...)
	fmt.Println(string(b))
	fmt.Println(fmt.Sprintf("%v extra", args...))
	fmt.Println(fmt.Sprintf("%v %v %v %v missing", args...))
	fmt.Println(fmt.Sprintf("%[2]v %[1]v %[1]d %[1]T", []any{State(2), err}...))
	fmt.Println(fmt.Sprintf("%[3]v %[1]s", args...))
	fmt.Println(fmt.Sprintf("%d %s", []any{State(1)}...))
	fmt.Println(fmt.Sprintf("%!", []any{State(1), nil}...))
	fmt.Println(fmt.Sprintf("%z %v", []any{State(1), Point{3, 4}}...))
	fmt.Println(fmt.Sprintf("%*d|%-*v|", []any{5, State(1), 8, State(2)}...))
	e := fmt.Errorf("no wrap %v after %d", []any{State(2), 4}...)
	fmt.Println(e)
	fmt.Printf("%T %v\n", e, errors.Is(e, ErrOpen))
}
