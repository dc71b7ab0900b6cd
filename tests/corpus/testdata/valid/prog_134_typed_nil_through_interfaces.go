package main

import (
	"errors"
	"fmt"
	"sort"
)

// E has a value receiver: only non-nil pointers to it are stored.
type E struct{ s string }

func (e E) Error() string { return "E" }

type W struct{ inner error }

func (w *W) Error() string { return "w" }
func (w *W) Unwrap() error {
	if w == nil {
		return nil
	}
	return w.inner
}

type Checker interface{ Error() string }

type ByLen []string

func (b ByLen) Len() int           { return len(b) }
func (b ByLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b ByLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

type H func() string

func (h H) String() string { return "H" }

func get() (*W, error) { return nil, nil }

// Typed nils through the program's interface, sort.Interface, a func
// type's String, errors.Join and Unwrap, a multi-type case.
func main() {
	var w *W
	var err error = w
	fmt.Println(err != nil, errors.Unwrap(err) == nil)
	var c Checker = w
	var err2 error = c
	fmt.Println(c != nil, err2 != nil)
	if _, ok := err.(Checker); ok {
		fmt.Println("checker")
	}
	var err3 error = &E{}
	fmt.Println(err3 != nil, err3)
	var bl ByLen
	var si sort.Interface = bl
	fmt.Println(si != nil, si.Len())
	var h H
	var st fmt.Stringer = h
	fmt.Println(st != nil, st)
	j := errors.Join(w, nil)
	fmt.Println(j != nil)
	switch x := err.(type) {
	case nil:
		fmt.Println("nil")
	case *W, *E:
		fmt.Println("W or E", x != nil)
	}
	p, e := get()
	err = p
	fmt.Println(err != nil, e == nil)
	fmt.Println(err == error(w), err == err2)
	fmt.Printf("[%v] [%s]\n", err, err)
}
