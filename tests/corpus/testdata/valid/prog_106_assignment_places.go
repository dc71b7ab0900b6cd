package main

import (
	"errors"
	"fmt"
	"strconv"
)

var trace string

func key() string  { trace += "k"; return "abc" }
func slot() *error { trace += "s"; var e error; return &e }
func text() string { trace += "t"; return "123" }

// swapped returns its named results in the other order.
func swapped() (a, b int) {
	a, b = 1, 2
	return b, a
}

// partial panics after its first result is ready.
func partial(p *int) (ok bool, n int) {
	defer func() { recover() }()
	return true, *p
}

func main() {
	m := map[string]int{}
	m[key()], *slot() = strconv.Atoi(text())
	fmt.Println("multi-value into places:", m["abc"], trace)

	data := map[string]any{"x": "y"}
	got := map[string]string{}
	var ok bool
	got["x"], ok = data["x"].(string)
	fmt.Println("comma-ok into a map:", got["x"], ok)

	counts := map[int]int{0: 1}
	i := 0
	i, counts[i] = 1, 2
	fmt.Println("index uses the old i:", i, counts)

	type T struct{ n int }
	var t T
	p := &t
	p, p.n = new(T), 4
	fmt.Println("pointer read before assigning:", t.n, p.n)

	var nilp *int
	inserted := map[int]int{}
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil) }()
		inserted[0] = *nilp
	}()
	fmt.Println("nothing inserted when the value panics:", len(inserted))
	func() {
		defer func() { fmt.Println("blank still evaluates:", recover() != nil) }()
		_ = *nilp
	}()
	var arr [2]*int
	func() {
		defer func() { fmt.Println("element dereferenced:", recover() != nil) }()
		_ = *arr[1]
	}()

	a, b := swapped()
	fmt.Println("named results swapped:", a, b)
	done, n := partial(nil)
	fmt.Println("results after a panic:", done, n)

	var e error
	var msgs = map[string]error{"k": errors.New("old")}
	msgs["k"], e = nil, errors.New("new")
	fmt.Println("untyped nil into a map:", msgs["k"], e)
}
