// A range loop with a value over a pointer to an array reads each element
// through the pointer when its iteration starts, and a loop inside may
// range over the same pointer. The interpreter's own loop failed when the
// body indexed through the pointer, or when the loop ran a second time.
package main

import "fmt"

type Window [4]int

func (w *Window) Sum() (s int) {
	for _, v := range w {
		s += v
	}
	return s
}

func (w *Window) Shift(v int) {
	for i, old := range w {
		if i > 0 {
			w[i-1] = old
		}
	}
	w[len(w)-1] = v
}

func main() {
	a := [3]string{"x", "y", "z"}
	p := &a
	for i, v := range p {
		p[2] = "Z" // read when its iteration starts: the third value is Z
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	for _, v := range p {
		for _, w := range p {
			fmt.Print(v, w, " ")
		}
	}
	fmt.Println()
	var fs []func() string
	for _, v := range p {
		fs = append(fs, func() string { return v })
	}
	fmt.Println(fs[0](), fs[1](), fs[2]())
	var k int
	var last string
outer:
	for k, last = range p {
		for j := range p {
			if j == 1 {
				continue outer
			}
		}
	}
	fmt.Println(k, last)
	for _, v := range p {
		p = &[3]string{"a", "b", "c"} // the loop goes on over the first array
		fmt.Print(v)
	}
	fmt.Println(*p)

	var w Window
	for i := 1; i <= 6; i++ {
		w.Shift(i)
		fmt.Print(w.Sum(), " ")
	}
	fmt.Println(w)

	var none *[2]int
	defer func() { fmt.Println("recovered:", recover()) }()
	for i, v := range none {
		fmt.Println("never", i, v)
	}
}
