// A method value binds its receiver when it is made: a pointer method of
// a pointer binds that pointer, of an addressable value the value's
// address, also for the receivers of a loop, handed to AfterFunc or
// WaitGroup.Go. The interpreter read the receiver variable again at each
// call: every p.show made in a loop showed the last p, and f := p.show;
// p = q; f() showed q.
package main

import (
	"fmt"
	"sync"
	"time"
)

type P struct{ id int }

func (p *P) show() { fmt.Print(p.id, " ") }

type C struct{ n int }

func (c *C) show() { fmt.Print(c.n, " ") }

type job struct {
	id  int
	out chan<- int
	wg  *sync.WaitGroup
}

func (j *job) fire() { j.out <- j.id; j.wg.Done() }

func (j *job) work() { j.out <- j.id }

func main() {
	var fs []func()
	for i := range 3 {
		p := &P{id: i}
		fs = append(fs, p.show)
	}
	for i := range 3 {
		c := C{i + 10}
		fs = append(fs, c.show)
		c.n += 100
	}
	for _, p := range []*P{{20}, {21}, {22}} {
		fs = append(fs, p.show)
	}
	for _, f := range fs {
		f()
	}
	fmt.Println()

	p := &P{id: 1}
	f := p.show
	p = &P{id: 2}
	f()
	var c C
	g := c.show
	c.n = 3
	g()
	fmt.Println()

	out := make(chan int, 100)
	var wg sync.WaitGroup
	for i := range 50 {
		j := &job{id: i, out: out, wg: &wg}
		wg.Add(1)
		time.AfterFunc(time.Millisecond, j.fire)
	}
	wg.Wait()
	for i := range 50 {
		j := &job{id: i + 100, out: out}
		wg.Go(j.work)
	}
	wg.Wait()
	close(out)
	seen := map[int]bool{}
	for v := range out {
		seen[v] = true
	}
	fmt.Println("distinct:", len(seen))
}
