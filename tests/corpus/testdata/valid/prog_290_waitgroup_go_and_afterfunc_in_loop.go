// WaitGroup.Go and time.AfterFunc in a loop, each function capturing the
// iteration's i.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	seen := map[int]int{}
	for i := range 100 {
		wg.Go(func() {
			mu.Lock()
			seen[i]++
			mu.Unlock()
		})
	}
	wg.Wait()
	fired := map[int]int{}
	for i := range 100 {
		wg.Add(1)
		time.AfterFunc(time.Duration(i%3)*time.Millisecond, func() {
			defer wg.Done()
			mu.Lock()
			fired[i]++
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Println("Go:", len(seen), "AfterFunc:", len(fired))
}
