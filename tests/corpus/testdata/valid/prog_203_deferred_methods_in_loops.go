// Deferred method calls, function values and spread arguments in loops:
// each runs with the receiver and arguments of its own iteration.

package main

import (
	"fmt"
	"strings"
	"sync"
)

type Conn struct{ id int }

func (c *Conn) Close() error        { fmt.Println("close conn", c.id); return nil }
func (c Conn) Report(tag string)    { fmt.Println("report", tag, c.id) }
func (c *Conn) Log(parts ...string) { fmt.Println("log", c.id, strings.Join(parts, ",")) }

type Closer interface{ Close() error }

type guard struct{ name string }

func (g *guard) protect() {
	if r := recover(); r != nil {
		fmt.Println(g.name, "recovered", r)
	}
}

func cleanup(name string) func() {
	return func() { fmt.Println("cleanup", name) }
}

func work() {

	for i := 1; i <= 3; i++ {
		c := &Conn{i}
		defer c.Close()
		v := Conn{i * 10}
		defer v.Report("value")
		defer c.Log("a", fmt.Sprint(i))
		parts := []string{"x", fmt.Sprint(i)}
		defer c.Log(parts...)
		var cl Closer = &Conn{i * 100}
		defer cl.Close()
		f := cleanup(fmt.Sprint("step ", i))
		defer f()
		var mu sync.Mutex
		mu.Lock()
		defer mu.Unlock()
		func() {}()
	}
	for _, s := range []string{"p", "q"} {
		g := &guard{s}
		defer g.protect()
	}
	n := 0
	for n < 2 {
		n++
		defer func() { fmt.Println("literal sees n =", n) }()
	}
	panic("boom")
}

func main() {
	work()
	fmt.Println("after work")
}
