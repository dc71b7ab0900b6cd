// Spacing of Print operands: booleans, slices and errors of the program
// beside the standard library's errors, nil and runes.
package main

import (
	"errors"
	"fmt"
	"os"
)

type Name string

func (n Name) String() string { return "name:" + string(n) }

type Flag bool

func (f Flag) Error() string { return "flag" }

type List []int

func (l List) String() string { return fmt.Sprint(len(l), " items") }

type T struct {
	B *T
	E error
}

func main() {
	var nilName *Name
	fmt.Println(fmt.Sprint(1, nilName == nil, 2))
	fmt.Println(fmt.Sprint(Flag(true), 1, Flag(false)))
	fmt.Println(fmt.Sprint(List{1, 2}, 3, List{}))
	var e error = Flag(true)
	fmt.Println(fmt.Sprint(e, 1, errors.New("std"), 2, os.ErrNotExist))
	fmt.Println(fmt.Sprint(nil, e, nil))
	fmt.Println(fmt.Sprint('x', e, 1.5, e, "s"))
	fmt.Println(fmt.Sprint(1, fmt.Errorf("wrap: %w", e), 2))
	var p *T
	fmt.Println(fmt.Sprint(p, e, T{}, e))
	fmt.Println(fmt.Sprint([]error{e}, 1, map[string]error{"a": e}))
}
