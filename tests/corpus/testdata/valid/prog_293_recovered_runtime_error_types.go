package main

import (
	"errors"
	"fmt"
)

type shape interface{ Area() float64 }

func try(name string, f func()) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		fmt.Printf("%s: %T %v %v\n", name, r, err, ok)
		fmt.Println("  wraps nothing:", errors.Unwrap(err) == nil)
	}()
	f()
}

func main() {
	var s []int
	i, neg := 5, -1
	try("index", func() { _ = s[i] })
	try("negative index", func() { _ = s[neg] })
	try("slice", func() { _ = s[1:i] })
	str := "abc"
	try("string slice", func() { _ = str[i:] })
	var arr [3]int
	try("array slice", func() { _ = arr[0:1:i] })
	sl := make([]int, 2, 4)
	try("three-index slice", func() { _ = sl[1 : 0+i-4 : i] })
	var m map[string]int
	try("nil map", func() { m["a"] = 1 })
	z := 0
	try("divide", func() { _ = 10 / z })
	var p *struct{ N int }
	try("nil pointer", func() { _ = p.N })
	var a any = "x"
	try("assertion", func() { _ = a.(int) })
	try("interface assertion", func() { _ = a.(shape) })
	ch := make(chan int)
	close(ch)
	try("close", func() { close(ch) })
	n := -1
	try("make", func() { _ = make([]int, n) })
}
