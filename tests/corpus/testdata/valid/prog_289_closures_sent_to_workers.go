// Closures made in a loop are sent to workers, which call them while the
// loop is still making the next ones.
package main

import (
	"fmt"
	"sync"
)

func main() {
	jobs := make(chan func() int)
	out := make(chan int, 300)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range jobs {
				out <- job()
			}
		}()
	}
	for i := range 300 {
		jobs <- func() int { return i }
	}
	close(jobs)
	wg.Wait()
	close(out)
	seen := map[int]bool{}
	sum := 0
	for v := range out {
		seen[v] = true
		sum += v
	}
	fmt.Println("distinct:", len(seen), "sum:", sum)
}
