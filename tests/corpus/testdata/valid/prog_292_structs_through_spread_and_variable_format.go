package main

import (
	"fmt"
	"os"
)

type T struct {
	A int
	b string
}

func (t T) Area() int { return t.A }

type U struct{ N int }

func logf(format string, args ...any) {
	fmt.Printf("log: "+format+"\n", args...)
}

func main() {
	args := []any{T{1, "x"}, &T{2, "y"}, U{3}, 4}
	fmt.Printf("%T %T %T %T\n", args...)
	fmt.Printf("%+v %+v %+v %v\n", args...)
	fmt.Printf("%#v %#v %#v %#v\n", args...)
	fmt.Printf("%v %d %s %x\n", args...)
	logf("got %+v and %T", U{5}, T{6, "z"})
	f := "%v|%+v|%[1]T\n"
	fmt.Printf(f, U{7}, U{8})
	fmt.Fprintf(os.Stdout, f, T{9, "w"}, args[1])
	s := fmt.Sprintf(f, args[2], args[2])
	fmt.Print(s)
	err := fmt.Errorf("bad %+v: %w", args[2], os.ErrNotExist)
	fmt.Println(err, err != nil)
	fmt.Printf("%5T|%-8T|%d\n", args[2], args[0], 10)
	fmt.Println(args...)
}
