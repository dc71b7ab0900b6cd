// go worker(i, &wg) in a loop: each goroutine gets the i of its own
// iteration, even when an earlier goroutine ends while the loop starts
// the next one.
package main

import (
	"fmt"
	"sync"
)

var (
	mu   sync.Mutex
	seen = map[int]int{}
)

func record(i int, wg *sync.WaitGroup) {
	defer wg.Done()
	mu.Lock()
	seen[i]++
	mu.Unlock()
}

func main() {
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Add(1)
		go record(i, &wg)
	}
	wg.Wait()
	twice, missing := 0, 0
	for i := range 200 {
		switch seen[i] {
		case 0:
			missing++
		case 1:
		default:
			twice++
		}
	}
	fmt.Println("distinct:", len(seen), "twice:", twice, "missing:", missing)
}
