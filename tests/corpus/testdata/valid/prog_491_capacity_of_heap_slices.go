package main

import (
	"fmt"
	"strings"
)

type Log struct{ lines []string }

// Add stores through a pointer: the backing array is on the heap.
func (l *Log) Add(s string) { l.lines = append(l.lines, s) }

func (l *Log) Cap() int { return cap(l.lines) }

var saved [][]byte

func keep(b []byte) { saved = append(saved, b) }

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

	// Passed to a function that stores it in a package-level variable.
	var b []byte
	b = append(b, 'x')
	keep(b)
	fmt.Println(cap(b))

	// Elements of more than 32 bytes are never grown on the stack.
	var bs []big
	bs = append(bs, big{})
	fmt.Println(cap(bs))

	// Capacities the program fixes itself.
	m := make([]int, 2, 10)
	t := []int{1, 2, 3}
	fmt.Println(cap(m), cap(t), cap(t[1:]))

	// A slice's element is stored on the heap.
	rows := make([][]int, 2)
	rows[0] = append(rows[0], 1)
	fmt.Println(cap(rows[0]))
}
