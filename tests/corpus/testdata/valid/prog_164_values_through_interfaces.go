package main

import (
	"errors"
	"fmt"
)

type Code int

func (c Code) String() string { return fmt.Sprintf("code-%d", int(c)) }

type Shower interface{ Show() string }

type Ref struct{ N int }

func (r *Ref) Show() string { return fmt.Sprint("ref ", r.N) }

type Val struct{ N int }

func (v Val) Show() string { return fmt.Sprint("val ", v.N) }

type Errno int

func (e Errno) Error() string { return fmt.Sprintf("errno %d", int(e)) }

func mk(i int) Shower { return Val{i} }

func asAny(c Code) any { return c }

type box struct {
	V   any
	Tag string
}

func main() {
	fmt.Println([]any{Code(1), Code(2)})
	fmt.Println(map[string]any{"a": Code(3)})
	var ys []any
	for i := 0; i < 3; i++ {
		ys = append(ys, Code(i))
	}
	fmt.Println(ys, ys[0].(Code) == 0, ys[2].(Code) == 2)
	m5 := mk(5)
	fmt.Println(m5, mk(6))
	var r Shower = &Ref{7}
	fmt.Println(r)
	c, ok := asAny(8).(Code)
	fmt.Println(c, ok)
	fmt.Printf("%#v %d %s\n", Code(1), ys[1], ys[1])
	var errs []error
	for i := 1; i <= 2; i++ {
		errs = append(errs, Errno(i))
	}
	w := fmt.Errorf("wrapped: %w", errs[1])
	fmt.Println(errs, w, errors.Is(w, Errno(2)), errors.Is(w, Errno(1)))
	var target Errno
	fmt.Println(errors.As(w, &target), int(target))
	var x, y any = Val{1}, Val{1}
	fmt.Println(x == y, x == any(Val{2}))
	fmt.Printf("%v %+v\n", box{Code(4), "t"}, box{Code(5), "u"})
}
