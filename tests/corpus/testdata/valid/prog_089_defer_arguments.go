package main

import (
	"errors"
	"fmt"
	"sync"
)

type conn struct{ name string }

func (c *conn) Close() { fmt.Println("close", c.name) }

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

func show(tag string, v int) { fmt.Println(tag, v) }

func stacking() {
	for i := 0; i < 3; i++ {
		defer fmt.Println("stacked", i)
	}
	x := 1
	defer show("x at defer", x)
	x = 2
	r := &conn{"first"}
	defer r.Close()
	r = &conn{"second"}
	s := []int{1}
	defer fmt.Println("slice header at defer", s, len(s))
	s[0] = 9
	s = append(s, 2)
}

func closures() {
	for i := range 3 {
		defer func() { fmt.Println("closure sees", i) }()
	}
	for i := 0; i < 2; i++ {
		v := i
		defer func() { fmt.Println("changed after defer", v) }()
		v = 100 + i
	}
	y := 1
	defer func() { fmt.Println("final y", y) }()
	y = 2
}

func localClosures() {
	cleanup := func() { fmt.Println("cleanup ran") }
	defer cleanup()
	log := func(s string) { fmt.Println("log:", s) }
	defer func() { log("from a deferred literal") }()
	fmt.Println("body")
}

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New(fmt.Sprint("recovered: ", r))
		}
	}()
	return a / b, nil
}

func main() {
	stacking()
	closures()
	localClosures()
	fmt.Println(safeDiv(7, 2))
	fmt.Println(safeDiv(1, 0))
	c := &counter{}
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.inc()
		}()
	}
	wg.Wait()
	fmt.Println("count", c.n)
}
