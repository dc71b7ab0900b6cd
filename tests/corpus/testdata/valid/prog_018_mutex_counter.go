package main

import (
	"fmt"
	"sync"
)

type Counter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *Counter) Inc(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n[key]++
}

func main() {
	c := &Counter{n: map[string]int{}}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				c.Inc("even")
			} else {
				c.Inc("odd")
			}
		}()
	}
	wg.Wait()
	fmt.Println(c.n["even"], c.n["odd"])
}
