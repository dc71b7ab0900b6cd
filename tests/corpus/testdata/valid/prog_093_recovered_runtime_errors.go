package main

import (
	"errors"
	"fmt"
)

type codeError struct{ code int }

func (e *codeError) Error() string { return fmt.Sprint("code ", e.code) }

func try(f func()) (err error) {
	defer func() {
		r := recover()
		if e, ok := r.(error); ok {
			err = e
			return
		}
		err = fmt.Errorf("not an error: %v (%T)", r, r)
	}()
	f()
	return nil
}

type point struct{ X int }

func main() {
	fmt.Println(try(func() { var a []int; _ = a[5] }))
	fmt.Println(try(func() { a := []int{1, 2, 3}; i := 5; _ = a[i] }))
	fmt.Println(try(func() { a := [3]int{}; i := -1 + 4; a[i] = 1 }))
	fmt.Println(try(func() { x := 0; fmt.Println(1 / x) }))
	fmt.Println(try(func() { var m map[string]int; m["a"] = 1 }))
	fmt.Println(try(func() { var p *point; fmt.Println(p.X) }))
	fmt.Println(try(func() { var i any = "s"; fmt.Println(i.(int)) }))
	fmt.Println(try(func() { s := []int{1, 2}; j := 3; fmt.Println(s[1:j]) }))
	fmt.Println(try(func() { s := []int{1, 2}; i, j := 2, 1; fmt.Println(s[i:j]) }))
	fmt.Println(try(func() { s := "abc"; j := 4; fmt.Println(s[j]) }))
	fmt.Println(try(func() { s := "abc"; j := 5; fmt.Println(s[:j]) }))
	fmt.Println(try(func() { var f func(); f() }))
	fmt.Println(try(func() { ch := make(chan int); close(ch); close(ch) }))
	fmt.Println(try(func() { panic(errors.New("custom")) }))
	fmt.Println(try(func() { panic(&codeError{42}) }))
	fmt.Println(try(func() { panic("text") }))
	err := try(func() { panic(&codeError{7}) })
	var ce *codeError
	fmt.Println(errors.As(err, &ce), ce.code)
}
