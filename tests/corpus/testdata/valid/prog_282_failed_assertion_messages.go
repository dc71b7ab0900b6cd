// A failed type assertion panics with Go's message, naming the program's
// types, and the recovered value is an error. An assertion to
// fmt.Stringer of a value without a String method panics (it returned a
// nil Stringer).
package main

import (
	"fmt"
)

type Sq struct{ S int }

func (Sq) Area() float64 { return 1 }

type Celsius float64

type Shape interface{ Area() float64 }

type Namer interface{ Name() string }

func try(name string, f func()) {
	defer func() {
		r := recover()
		err, isErr := r.(error)
		fmt.Println(name+":", isErr, err)
	}()
	f()
}

func main() {
	var a any = Sq{2}
	var s Shape = Sq{3}
	try("stringer", func() { _ = a.(fmt.Stringer) })
	try("named stringer", func() { var c any = Celsius(1); _ = c.(fmt.Stringer) })
	try("own interface", func() { _ = a.(Namer) })
	try("from own interface", func() { _ = s.(Namer) })
	try("to int", func() { _ = a.(int) })
	try("to struct", func() { var i any = 5; _ = i.(Sq) })
	try("to pointer", func() { _ = s.(*Sq) })
	try("named float", func() { var c any = Celsius(2); _ = c.(float64) })
	try("nil", func() { var n any; _ = n.(Sq) })
	try("fine", func() { fmt.Println(a.(Sq).S, s.(Sq).S) })
	if _, ok := a.(fmt.Stringer); !ok {
		fmt.Println("no String method")
	}
}
