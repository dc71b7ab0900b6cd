package main

import (
	"errors"
	"fmt"
)

type VE struct{ field string }

func (v VE) Error() string { return "bad " + v.field }

type Code int

func (c Code) Error() string { return fmt.Sprint("code ", int(c)) }

type PE struct{ msg string }

func (p *PE) Error() string { return p.msg }

func main() {
	var errs []error
	errs = append(errs, VE{"a"}, VE{"b"})
	j := errors.Join(errs...)
	fmt.Println(j)
	k := errors.Join(VE{"c"})
	fmt.Println(k)
	j2 := errors.Join(Code(1), &PE{"p"}, nil)
	fmt.Println(j2)
	var pe *PE
	fmt.Println(errors.As(j2, &pe), pe.msg)
}
