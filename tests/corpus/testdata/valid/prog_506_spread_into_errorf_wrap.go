// Operands spread from a slice into fmt.Errorf through wrappers, its %w
// verbs wrapping the program's errors (in the front end's types, which
// errors.Is and As see through) or a package's (in the compiled Errorf),
// one or several, the same operand twice, a nil.
package main

import (
	"errors"
	"fmt"
	"io"
)

type State int

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return fmt.Sprintf("http %d", e.Code) }

type Timeout struct{ After int }

func (t *Timeout) Error() string { return fmt.Sprintf("timeout after %ds", t.After) }

type Code int

func (c Code) Error() string { return fmt.Sprintf("code %d", int(c)) }

var ErrOpen = errors.New("breaker open")

func wrapf(format string, args ...any) error { return fmt.Errorf("op: "+format, args...) }

func annotate(err error, format string, args ...any) error {
	args = append(args, err)
	return wrapf(format+": %w", args...)
}

func main() {
	base := &HTTPError{503}
	e1 := wrapf("fetch %v: %w", State(1), base)
	e2 := annotate(e1, "retry %d of %d", 2, 3)
	fmt.Println(e2)
	var he *HTTPError
	fmt.Println(errors.As(e2, &he), he.Code, errors.Is(e2, base))
	fmt.Println(errors.Unwrap(e2) == e1)
	e3 := wrapf("gate %s: %w", State(2), ErrOpen)
	fmt.Println(e3, errors.Is(e3, ErrOpen))
	fmt.Printf("%T\n", e3)
	e4 := wrapf("eof: %w", io.EOF)
	fmt.Println(e4, errors.Is(e4, io.EOF))
	e5 := annotate(e4, "again")
	fmt.Println(e5, errors.Is(e5, io.EOF))
	var err error = Code(7)
	e6 := wrapf("%w and %w", err, ErrOpen)
	var c Code
	fmt.Println(e6, errors.As(e6, &c), c, errors.Is(e6, ErrOpen))
	e7 := wrapf("t: %w", &Timeout{3})
	var t *Timeout
	fmt.Println(e7, errors.As(e7, &t), t.After)
	e8 := wrapf("%w %[1]w", base)
	fmt.Println(e8, errors.Is(e8, base))
	e9 := wrapf("%v", base)
	fmt.Println(e9, errors.Is(e9, base))
	e10 := wrapf("%+v|%#v|%s", base, State(1), err)
	fmt.Println(e10)
	args := []any{nil, ErrOpen}
	e11 := fmt.Errorf("%w %w", args...)
	fmt.Println(e11, errors.Is(e11, ErrOpen))
	fmt.Printf("%T\n", e11)
}
