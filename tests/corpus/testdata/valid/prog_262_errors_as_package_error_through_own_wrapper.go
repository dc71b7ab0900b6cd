// errors.As, errors.AsType and errors.Is find a package's error
// (*strconv.NumError, *time.ParseError, context's errors) behind the
// program's own wrapper types, through their Unwrap() error and
// Unwrap() []error methods, and through fmt.Errorf's %w. The type that
// unwraps to several errors is called multi on purpose.
package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"
)

type callError struct {
	op  string
	err error
}

func (c *callError) Error() string { return c.op + ": " + c.err.Error() }
func (c *callError) Unwrap() error { return c.err }

type multi struct{ errs []error }

func (m *multi) Error() string   { return fmt.Sprint(len(m.errs), " errors") }
func (m *multi) Unwrap() []error { return m.errs }

func main() {
	_, e := strconv.Atoi("x1")
	var err error = &callError{"parse retry-after", e}
	var num *strconv.NumError
	fmt.Println(errors.As(err, &num), num != nil && num.Func == "Atoi", errors.Is(err, strconv.ErrSyntax))

	_, e = strconv.ParseFloat("1.2.3", 64)
	ne, ok := errors.AsType[*strconv.NumError](&callError{"load", e})
	fmt.Println(ok, ne != nil && ne.Num == "1.2.3")

	_, e = strconv.Atoi("99999999999999999999")
	err = &multi{[]error{errors.New("timeout"), &callError{"decode", e}}}
	var rng *strconv.NumError
	fmt.Println(errors.As(err, &rng), rng != nil && errors.Is(rng, strconv.ErrRange))

	_, e = time.Parse(time.DateOnly, "2026-13-01")
	err = fmt.Errorf("config: %w", &callError{"parse", e})
	var pe *time.ParseError
	fmt.Println(errors.As(err, &pe), pe != nil && pe.Value == "2026-13-01")

	var none *time.ParseError
	fmt.Println(errors.As(&callError{"x", errors.New("plain")}, &none), none == nil)

	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	err = &callError{"call", ctx.Err()}
	fmt.Println(errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled))
}
