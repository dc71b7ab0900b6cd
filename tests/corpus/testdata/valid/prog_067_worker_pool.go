package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	jobs := make(chan int)
	var mu sync.Mutex
	done := map[int]int{}
	var wg sync.WaitGroup
	for w := 1; w <= 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				mu.Lock()
				done[j] = j * j
				mu.Unlock()
			}
		}()
	}
	for j := range 9 {
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	keys := make([]int, 0, len(done))
	for k := range done {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		fmt.Print(done[k], " ")
	}
	fmt.Println()
}
