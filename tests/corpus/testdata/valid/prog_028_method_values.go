package main

import "fmt"

type Meter struct{ total int }

func (m *Meter) Add(n int) { m.total += n }
func (m Meter) Total() int { return m.total }

type Op func(int, int) int

func apply(op Op, a, b int) int { return op(a, b) }

func main() {
	var m Meter
	add := m.Add
	for i := range 4 {
		add(i)
	}
	total := m.Total
	fmt.Println(total(), m.total)
	f := (*Meter).Add
	f(&m, 10)
	g := Meter.Total
	fmt.Println(g(m))
	fmt.Println(apply(func(a, b int) int { return a * b }, 6, 7))
	ops := map[string]Op{
		"add": func(a, b int) int { return a + b },
		"sub": func(a, b int) int { return a - b },
	}
	fmt.Println(ops["add"](2, 3), ops["sub"](2, 3))
}
