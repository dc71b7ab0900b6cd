// Deferred function literals made in a loop, and literals appended to a
// slice while another goroutine calls the ones made so far.
package main

import (
	"fmt"
	"sync"
)

func collect() (out []int) {
	for i := range 5 {
		defer func() { out = append(out, i) }()
	}
	return nil
}

func main() {
	fmt.Println(collect())

	var mu sync.Mutex
	var fs []func() int
	done := make(chan int)
	go func() {
		calls := 0
		for calls < 2000 {
			mu.Lock()
			if n := len(fs); n > 0 {
				fs[n-1]()
			}
			mu.Unlock()
			calls++
		}
		done <- calls
	}()
	for i := range 100 {
		f := func() int { return i }
		mu.Lock()
		fs = append(fs, f)
		mu.Unlock()
	}
	<-done
	sum := 0
	for _, f := range fs {
		sum += f()
	}
	fmt.Println("sum:", sum)
}
