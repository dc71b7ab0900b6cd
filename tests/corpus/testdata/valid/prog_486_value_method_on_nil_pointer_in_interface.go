package main

// A value method called through an interface that holds a nil pointer
// panics with Go's "value method main.T.M called using nil *T pointer"
// (a runtime.Error) where the compiler cannot see the pointer: an element
// of a slice or map, a field, a value received from a channel, a range
// variable or a method expression. A method promoted from
// an embedded field dereferences the nil instead. fmt prints such a nil as
// <nil>.

import (
	"errors"
	"fmt"
)

type Shape interface {
	Area(scale int) int
	Name() string
}

type Sq struct{ n int }

func (s Sq) Area(k int) int { return s.n * s.n * k }
func (s Sq) Name() string   { return "sq" }

type MyErr struct{ code int }

func (e MyErr) Error() string { return fmt.Sprint("code ", e.code) }

type Box struct{ Sq }

type PBox struct{ *Sq }

type holder struct {
	s   Shape
	err error
}

func pick(ok bool) *Sq {
	if ok {
		return &Sq{2}
	}
	return nil
}

func fail(ok bool) *MyErr {
	if ok {
		return &MyErr{1}
	}
	return nil
}

func try(name string, f func()) {
	defer func() {
		r := recover()
		if e, ok := r.(error); ok {
			fmt.Printf("%s: %v | %q | %T\n", name, r, e.Error(), r)
			return
		}
		fmt.Printf("%s: %v\n", name, r)
	}()
	f()
}

func main() {
	shapes := []Shape{pick(true), pick(false)}
	for i := range shapes {
		try(fmt.Sprint("slice ", i), func() { fmt.Println(shapes[i].Area(3), shapes[i].Name()) })
	}
	m := map[string]Shape{"nil": pick(false)}
	try("map", func() { fmt.Println(m["nil"].Area(1)) })
	h := holder{s: pick(false), err: fail(false)}
	try("field", func() { fmt.Println(h.s.Name()) })
	try("field err", func() { fmt.Println(h.err.Error()) })
	errs := []error{fail(false), errors.New("x")}
	for _, e := range errs {
		try("range err", func() { fmt.Println(e.Error()) })
	}
	ch := make(chan Shape, 1)
	ch <- pick(false)
	try("chan", func() { fmt.Println((<-ch).Name()) })
	try("methodexpr", func() { fmt.Println(Shape.Area(shapes[1], 2)) })
	var b *Box
	ns := []interface{ Name() string }{b}
	try("promoted", func() { fmt.Println(ns[0].Name()) })
	pb := []interface{ Name() string }{PBox{}}
	try("promoted ptr", func() { fmt.Println(pb[0].Name()) })
	fmt.Println(h.err, errs[0])
	fmt.Printf("%+v %s\n", h.err, errs[0])
}
