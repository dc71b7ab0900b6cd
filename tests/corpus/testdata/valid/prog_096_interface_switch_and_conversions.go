package main

import (
	"errors"
	"fmt"
)

type Greeter interface{ Greet() string }

type English struct{}

func (English) Greet() string { return "hello" }

type Named string

func (n Named) Greet() string { return "hi " + string(n) }

func show(v uint32) { fmt.Println("show", v) }

func showByte(v uint8) { fmt.Println("byte", v) }

func bigger(a, b int) any { return a > b }

func both(a, b bool) any { return a && !b }

type notFound struct{ key string }

func (e *notFound) Error() string { return "not found: " + e.key }

func describe(x any) string {
	switch x {
	case "hello":
		return "the greeting"
	case 42, 43:
		return "a number"
	case nil:
		return "nothing"
	}
	return "something else"
}

func main() {
	fmt.Println(describe("hello"), describe(42), describe(43), describe(nil), describe(1.5))
	fmt.Println(Greeter(English{}).Greet(), Greeter(Named("bo")).Greet())
	fmt.Println(bigger(3, 2), bigger(1, 2), both(true, false))
	v := uint32(1)
	n := 4
	show(v | 1<<n)
	show(1 << n)
	showByte(1<<n - 1)
	var arr [3]int
	p := &arr
	q := &p[1]
	*q = 7
	p[2]++
	fmt.Println(arr, len(p[:2]))
	err := fmt.Errorf("lookup: %w", &notFound{"k"})
	if nf, ok := errors.AsType[*notFound](err); ok {
		fmt.Println("AsType found", nf.key)
	}
	_, ok := errors.AsType[*notFound](errors.New("other"))
	fmt.Println(ok)
}
