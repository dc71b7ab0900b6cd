// go x.M(...) for a receiver declared in the loop: each goroutine calls
// the method on its own iteration's receiver, whether x is a pointer, a
// value (copied at the go statement), an interface, a range variable or
// an addressable value of a pointer method. The goroutines used to read
// the receiver when they started: `go p.run()` for 300 p's ran on 2.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type P struct{ id int }

func (p *P) run(wg *sync.WaitGroup, out chan<- int) {
	defer wg.Done()
	out <- p.id
}

type V struct{ id int }

func (v V) run(wg *sync.WaitGroup, out chan<- int) {
	defer wg.Done()
	out <- v.id
}

type runner interface {
	run(wg *sync.WaitGroup, out chan<- int)
}

type C struct{ n int }

func (c *C) bump(wg *sync.WaitGroup, out chan<- int) {
	defer wg.Done()
	c.n++
	out <- c.n
}

func distinct(name string, n int, start func(i int, wg *sync.WaitGroup, out chan<- int)) {
	var wg sync.WaitGroup
	out := make(chan int, n)
	for i := range n {
		wg.Add(1)
		start(i, &wg, out)
	}
	wg.Wait()
	close(out)
	var got []int
	seen := map[int]bool{}
	for v := range out {
		if !seen[v] {
			got = append(got, v)
		}
		seen[v] = true
	}
	sort.Ints(got)
	fmt.Println(name, len(got), got[0], got[len(got)-1])
}

func main() {
	var wg sync.WaitGroup
	out := make(chan int, 100)
	for i := range 100 {
		wg.Add(1)
		p := &P{i}
		go p.run(&wg, out)
	}
	wg.Wait()
	close(out)
	seen := map[int]bool{}
	for v := range out {
		seen[v] = true
	}
	fmt.Println("pointer", len(seen))

	distinct("value", 100, func(i int, wg *sync.WaitGroup, out chan<- int) {
		v := V{i}
		go v.run(wg, out)
		v.id = -1
	})

	ps := make([]*P, 100)
	for i := range ps {
		ps[i] = &P{i + 1000}
	}
	wg2 := sync.WaitGroup{}
	out2 := make(chan int, len(ps))
	for _, p := range ps {
		wg2.Add(1)
		go p.run(&wg2, out2)
	}
	wg2.Wait()
	close(out2)
	sum := 0
	for v := range out2 {
		sum += v
	}
	fmt.Println("range", sum)

	var wg3 sync.WaitGroup
	out3 := make(chan int, 100)
	for i := range 100 {
		var r runner = V{i}
		if i%2 == 1 {
			r = &P{i}
		}
		wg3.Add(1)
		go r.run(&wg3, out3)
	}
	wg3.Wait()
	close(out3)
	sum = 0
	for v := range out3 {
		sum += v
	}
	fmt.Println("interface", sum)

	var wg4 sync.WaitGroup
	out4 := make(chan int, 100)
	cs := make([]C, 100)
	for i := range 100 {
		cs[i].n = i * 10
		c := cs[i]
		wg4.Add(1)
		go c.bump(&wg4, out4)
	}
	wg4.Wait()
	close(out4)
	sum = 0
	for v := range out4 {
		sum += v
	}
	fmt.Println("addressable", sum)
}
