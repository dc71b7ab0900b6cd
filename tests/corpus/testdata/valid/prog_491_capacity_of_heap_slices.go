package main

import (
	"fmt"
	"strings"
)

type Log struct{ lines []string }

// Add stores through a pointer: the backing array is on the heap.
func (l *Log) Add(s string) { l.lines = append(l.lines, s) }

func (l *Log) Cap() int { return cap(l.lines) }

func show(p []int) { fmt.Println(len(p), cap(p), p) }

type big struct{ a, b, c, d, e int64 }

func main() {
	// Printed with fmt: on the heap.
	var s []int
	for i := 0; i < 5; i++ {
		s = append(s, i)
		fmt.Println(len(s), cap(s), s)
	}
	a := append(s[:1], 10)
	fmt.Println(a, s)

	var l Log
	for _, w := range strings.Fields("a b c") {
		l.Add(w)
		fmt.Println(len(l.lines), l.Cap())
	}

	// Elements of more than 32 bytes are never grown on the stack.
	var bs []big
	bs = append(bs, big{})
	fmt.Println(cap(bs))

	// Printed by a function it is passed to twice.
	var p []int
	p = append(p, 1)
	show(p)
	p = append(p, 2, 3)
	show(p)

	// Capacities the program fixes itself.
	m := make([]int, 2, 10)
	t := []int{1, 2, 3}
	fmt.Println(cap(m), cap(t), cap(t[1:]))
}
