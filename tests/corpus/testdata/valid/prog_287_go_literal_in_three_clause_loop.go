// go func() { ... i ... }() in a three-clause loop (Go 1.22: one i per
// iteration), counted under a mutex.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	seen := map[int]int{}
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			seen[i]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	sum := 0
	for i, n := range seen {
		sum += i * n
	}
	fmt.Println("distinct:", len(seen), "sum:", sum)
}
