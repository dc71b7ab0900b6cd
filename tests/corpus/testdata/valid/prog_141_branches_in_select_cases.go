package main

// Branch statements inside select cases: break, continue, labeled
// break and continue, goto and return, nested in ifs, switches and other
// selects, in loops of every kind.

import (
	"fmt"
	"slices"
)

func fill(vs ...int) chan int {
	ch := make(chan int, len(vs))
	for _, v := range vs {
		ch <- v
	}
	close(ch)
	return ch
}

func a() {
	ch := fill(1, 2, 3, 4)
	n := 0
S:
	select {
	case v := <-ch:
		if v > 0 {
			n += 10
			break S
		}
		n += 1000
	}
	for i := 0; i < 3; i++ {
	T:
		select {
		case v := <-ch:
			if v == 2 {
				break
			}
			if v == 3 {
				continue
			}
			if v == 4 {
				break T
			}
			n += 1000
		}
		n++
	}
	fmt.Println("a", n)
}

func b() {
	ch := fill(1, 2, 3, 4, 5, 6)
	other := fill(7, 8)
	var fs []func() int
	n := 0
outer:
	for i := 0; i < 10; i++ {
		select {
		case v, ok := <-ch:
			if !ok {
				break outer
			}
			fs = append(fs, func() int { return v * i })
			select {
			case w := <-other:
				if w == 7 {
					continue
				}
				if w == 8 {
					continue outer
				}
			default:
				if v == 5 {
					break outer
				}
			}
			switch v {
			case 1:
				continue outer
			case 3:
				break
			}
			n += v
		}
		n += 100
	}
	sum := 0
	for _, f := range fs {
		sum += f()
	}
	fmt.Println("b", n, sum)
}

func c() {
	ch := fill(1, 2, 3)
	n := 0
	for v := range slices.Values([]int{10, 20, 30}) {
		select {
		case x, ok := <-ch:
			if !ok {
				break
			}
			if x == 2 {
				continue
			}
			n += x
		}
		n += v
	}
	fmt.Println("c", n)
}

func d() {
	ch := fill(1, 2)
	i := 0
again:
	i++
	select {
	case v, ok := <-ch:
		if ok {
			fmt.Println("got", v)
			goto again
		}
	}
	fmt.Println("d", i)
}

func e() (r int) {
	ch := fill(5, 6)
	for {
		select {
		case v := <-ch:
			if v == 6 {
				return v * 2
			}
			continue
		}
	}
}

func main() {
	more()
	a()
	b()
	c()
	d()
	fmt.Println("e", e())
	f()
	g()
}

func fill3() chan int {
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	ch <- 3
	return ch
}

func more() {
	ch := fill3()
	n := 0
	for i := 0; i < 3; i++ {
		select {
		case v := <-ch:
			n += v
			continue
		}
		n += 100
	}
	fmt.Println("A", n)
	ch = fill3()
	n = 0
	for i := 0; i < 3; i++ {
		select {
		case v := <-ch:
			n += v
			{
				continue
			}
		}
		n += 100
	}
	fmt.Println("B", n)
	ch = fill3()
	n = 0
L:
	for i := 0; i < 3; i++ {
		select {
		case v := <-ch:
			n += v
			continue L
		}
		n += 100
	}
	fmt.Println("C", n)
	ch = fill3()
	n = 0
	for i := 0; i < 3; i++ {
		select {
		case v := <-ch:
			n += v
			break
		}
		n += 100
	}
	fmt.Println("D", n)
	ch = fill3()
	n = 0
	for i := 0; i < 3; i++ {
		select {
		case <-ch:
			continue
		default:
		}
		n += 100
	}
	fmt.Println("E", n)
	n = 0
	for i := 0; i < 3; i++ {
		switch i {
		case 1:
			continue
		}
		n += 100
	}
	fmt.Println("F", n)
}

// A continue in a case, and a break after the select in the same loop.
func f() {
	ch := fill(1, 2, 3, 4)
	n := 0
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				break
			}
			n += v
			continue
		}
		break
	}
	fmt.Println("f", n)
}

// A labeled break written directly in a case leaves the loop.
func g() {
	ch := fill(1, 2)
	n := 0
L:
	for i := 0; i < 3; i++ {
		select {
		case v := <-ch:
			n += v
			break L
		}
		n += 100
	}
	fmt.Println("g", n)
}
