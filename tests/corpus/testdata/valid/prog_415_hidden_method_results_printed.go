// The results of assertions and errors.As to interfaces with the packages'
// hidden error methods, printed with Println and Sprint: the front end's
// helper hands fmt the package's value itself, not the interpreter's
// wrapper of it; a value of the program's type comes back as itself.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/provider"
)

type timeouter interface {
	error
	Timeout() bool
}

type slow struct{}

func (*slow) Error() string { return "slow" }
func (*slow) Timeout() bool { return true }

func show(err error) {
	if te, ok := err.(timeouter); ok {
		fmt.Println("timeout:", te, te.Timeout())
		s := fmt.Sprint(te)
		fmt.Println(len(s), s)
	} else {
		fmt.Println("not a timeout:", err)
	}
	var u interface{ Unwrap() error }
	if errors.As(err, &u) {
		fmt.Println("wraps:", u)
	}
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	<-ctx.Done()
	show(ctx.Err())
	show(provider.ErrResponseLost)
	show(&slow{})
	show(fmt.Errorf("call: %w", provider.ErrTimeout))
	show(errors.New("plain"))
	show(nil)
	defer func() {
		r := recover()
		if re, ok := r.(interface {
			error
			RuntimeError()
		}); ok {
			fmt.Println("recovered:", re)
		}
	}()
	var m map[string]int
	m["x"] = 1
}
