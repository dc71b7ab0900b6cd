package main

import (
	"fmt"
	"sync"
)

type result struct {
	idx int
	out string
}

func main() {
	jobs := []string{"a", "bb", "ccc", "dddd"}
	results := make(chan result, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func(i int, j string) {
			defer wg.Done()
			results <- result{i, fmt.Sprintf("%s:%d", j, len(j))}
		}(i, j)
	}
	wg.Wait()
	close(results)
	ordered := make([]string, len(jobs))
	for r := range results {
		ordered[r.idx] = r.out
	}
	fmt.Println(ordered)
}
