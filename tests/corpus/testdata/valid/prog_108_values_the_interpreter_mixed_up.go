package main

import (
	"fmt"
	"sync"
)

var calls int

func grid() (g [2]int) {
	calls++
	return
}

func hello() { fmt.Println("hello from a returned function") }

func pick() func() { return hello }

type celsius [2]uint64

func (celsius) Unit() string { return "C" }

type counter struct{ n int }

func (c counter) Get() int { return c.n }

// Add has an unnamed parameter.
func (c *counter) Add(int) (int, int) { c.n++; return c.n, 0 }

type getter interface{ Get() int }

func main() {
	_ = grid() == grid()
	fmt.Println("both compared arrays computed:", calls)

	pick()()

	s := "a\xca\xfeb\u0123c"
	for i, r := range s {
		fmt.Print(i, ":", r, " ")
	}
	fmt.Println()
	for i := range s {
		fmt.Print(i, " ")
	}
	fmt.Println()

	ch := make(chan any, 1)
	select {
	case ch <- celsius{4, 5}:
	}
	v := <-ch
	_, ok := v.(celsius)
	fmt.Printf("sent through select: %T %v\n", v, ok)

	switch on := any(true); {
	case on:
		fmt.Println("an interface holding true is a true case")
	}

	c := &counter{n: 1}
	add := c.Add
	fmt.Println(add(0))
	get := c.Get // copies *c now
	c.n = 10
	fmt.Println("method value copied the receiver:", get())

	var nilCounter *counter
	var nothing getter
	var mu sync.Mutex
	for _, f := range []func(){
		func() { _ = nilCounter.Get },
		func() { _ = nothing.Get },
	} {
		func() {
			mu.Lock()
			defer mu.Unlock()
			defer func() { fmt.Println("method value of nil panics:", recover() != nil) }()
			f()
		}()
	}
}
