// The packages' hidden error methods (Timeout, Temporary, Unwrap() error,
// Unwrap() []error, RuntimeError) asked for through comma-ok assertions,
// a type switch, errors.As into an interface and a hand-walked chain, on
// errors of errors.New, fmt.Errorf with %w, errors.Join, context, the
// provider, a recovered run-time error and the program's own types.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/provider"
)

type timeouter interface{ Timeout() bool }

type myErr struct{ slow bool }

func (e *myErr) Error() string { return "mine" }
func (e *myErr) Timeout() bool { return e.slow }

type plainErr struct{}

func (plainErr) Error() string { return "plain" }

func classify(err error) string {
	var t interface{ Timeout() bool }
	if errors.As(err, &t) && t.Timeout() {
		return "timeout"
	}
	if t != nil {
		return "not a timeout"
	}
	return "other"
}

func viaAssert(err error) string {
	if te, ok := err.(interface{ Timeout() bool }); ok {
		return fmt.Sprint("has Timeout ", te.Timeout())
	}
	return "no Timeout"
}

func viaSwitch(err error) string {
	switch e := err.(type) {
	case nil:
		return "nil"
	case timeouter:
		return fmt.Sprint("switch timeout ", e.Timeout())
	case interface{ Unwrap() error }:
		return "switch wraps " + e.Unwrap().Error()
	case interface{ Unwrap() []error }:
		return fmt.Sprint("switch wraps ", len(e.Unwrap()))
	default:
		return "switch other " + e.Error()
	}
}

func depth(err error) int {
	n := 0
	for u, ok := err.(interface{ Unwrap() error }); ok; u, ok = u.Unwrap().(interface{ Unwrap() error }) {
		n++
	}
	return n
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	<-ctx.Done()
	errs := []error{
		nil,
		errors.New("boom"),
		context.DeadlineExceeded,
		ctx.Err(),
		context.Canceled,
		provider.ErrTimeout,
		provider.ErrConnectionReset,
		fmt.Errorf("call: %w", provider.ErrTimeout),
		fmt.Errorf("a: %w", fmt.Errorf("b: %w", context.DeadlineExceeded)),
		errors.Join(errors.New("x"), provider.ErrResponseLost),
		fmt.Errorf("%w and %w", errors.New("x"), errors.New("y")),
		&myErr{slow: true},
		&myErr{},
		fmt.Errorf("wrapped: %w", &myErr{slow: true}),
		plainErr{},
	}
	for i, err := range errs {
		fmt.Println(i, classify(err), "|", viaAssert(err), "|", viaSwitch(err), "|", depth(err))
	}
	func() {
		defer func() {
			r := recover()
			if re, ok := r.(interface {
				error
				RuntimeError()
			}); ok {
				fmt.Println("runtime error:", re.Error())
			}
			_, ok := r.(interface{ RuntimeError() })
			fmt.Println(ok)
		}()
		var m map[string]int
		m["x"] = 1
	}()
	var e error = provider.ErrTimeout
	fmt.Println(e.(timeouter).Timeout())
	_, ok := e.(interface{ Temporary() bool })
	fmt.Println(ok)
	_, ok = error(context.DeadlineExceeded).(interface {
		Timeout() bool
		Temporary() bool
	})
	fmt.Println(ok)
}
