package main

import (
	"fmt"
	"sort"
	"sync"
)

type counter struct {
	mu   sync.Mutex
	seen []string
}

func (c *counter) add(wg *sync.WaitGroup, s string) {
	defer wg.Done()
	c.mu.Lock()
	c.seen = append(c.seen, s)
	c.mu.Unlock()
}

type label string

func (l label) put(wg *sync.WaitGroup, c *counter, n int) {
	c.add(wg, fmt.Sprintf("%s%d", l, n))
}

func pair(n int) (int, int) { return n, n * n }

var calls []string

func next(name string, n int) int {
	calls = append(calls, name)
	return n
}

func main() {
	var wg sync.WaitGroup
	c := &counter{}

	// Go 1.22 loop variables: each goroutine sees its own iteration.
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			c.add(&wg, fmt.Sprint("lit", i))
		}()
	}
	for i := range 3 {
		wg.Add(1)
		go func(v int) {
			c.add(&wg, fmt.Sprint("arg", v, i))
		}(i * 10)
	}
	for _, s := range []string{"a", "b"} {
		wg.Add(1)
		go c.add(&wg, "method-"+s)
	}

	// Arguments, the function value and the receiver are evaluated at the
	// go statement, in this goroutine.
	x := 1
	f := func(n int) { c.add(&wg, fmt.Sprint("f", n)) }
	l := label("L")
	wg.Add(3)
	go f(next("f", x))
	go l.put(&wg, c, next("put", x))
	go func(a, b int) { c.add(&wg, fmt.Sprint("pair", a, b)) }(pair(x + 2))
	x = 100
	f = func(n int) { c.add(&wg, "wrong f") }
	l = "wrong"
	wg.Wait()

	// A captured variable that is not a loop variable is shared.
	shared := 0
	done := make(chan bool)
	go func() {
		<-done
		c.mu.Lock()
		c.seen = append(c.seen, fmt.Sprint("shared", shared))
		c.mu.Unlock()
		done <- true
	}()
	shared = 7
	done <- true
	<-done

	sort.Strings(c.seen)
	fmt.Println(c.seen)
	fmt.Println(calls)
}
