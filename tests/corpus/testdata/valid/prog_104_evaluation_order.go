package main

import (
	"fmt"
	"math"
	"sync"
)

var (
	_      = last
	_      = mark("blank", second, first)
	first  = mark("first")
	second = mark("second")
	last   = mark("last")
)

var order []string

func mark(s string, _ ...int) int {
	order = append(order, s)
	return len(order)
}

var tiny = -1e-10000 // a constant: zero, without a sign

type counter struct{ n int }

func (c counter) report(wg *sync.WaitGroup, out *int) {
	*out = c.n
	wg.Done()
}

func makeChan(p *int) chan bool {
	*p = 42
	return make(chan bool)
}

func main() {
	fmt.Println("package variables:", order)
	fmt.Println("negative tiny constant has a sign:", math.Signbit(tiny))

	one, two := 1, 2
	x := &one
	*x += func() int {
		x = &two
		return 10
	}()
	fmt.Println("pointer taken before the call:", one, two)

	s1, s2 := []int{1}, []int{2}
	s := s1
	s[0] += func() int {
		s = s2
		return 10
	}()
	fmt.Println("slice taken before the call:", s1, s2)

	c := make(chan int, 1)
	v := 0
	select {
	case c <- v:
	case <-makeChan(&v):
	}
	fmt.Println("select sent the value it had on entry:", <-c, v)

	var wg sync.WaitGroup
	got := 0
	k := counter{1}
	wg.Add(1)
	go k.report(&wg, &got)
	k.n = 2
	wg.Wait()
	fmt.Println("go copied the receiver:", got)
}
