// x = T{...} assigns into x: a pointer to x, a closure and a goroutine
// that use x see the new struct. The interpreter put a new struct in x's
// place instead, and they all kept the old one.
package main

import "fmt"

type P struct{ id int }

var global P

func main() {
	c := P{1}
	f := func() int { return c.id }
	c = P{2}
	fmt.Println("closure", f())

	var x P
	px := &x
	x = P{7}
	fmt.Println("pointer", px.id)

	pg := &global
	global = P{3}
	fmt.Println("package variable", pg.id)

	type local struct{ n int }
	var l local
	pl := &l
	l = local{4}
	fmt.Println("local type", pl.n)

	var anon struct{ n int }
	pa := &anon
	anon = struct{ n int }{5}
	fmt.Println("anonymous struct", pa.n)

	for i := range 3 {
		var cur P
		pc := &cur
		cur = P{i}
		fmt.Print(pc.id, " ")
	}
	fmt.Println()

	done := make(chan bool)
	state := P{0}
	go func() {
		<-done
		fmt.Println("goroutine", state.id)
		done <- true
	}()
	state = P{9}
	done <- true
	<-done
}
