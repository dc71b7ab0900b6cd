package main

import (
	"fmt"
	"slices"
	"sync"
)

func main() {
	var mu sync.Mutex
	var got []int
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			got = append(got, i*10)
			mu.Unlock()
		}()
	}
	wg.Wait()
	slices.Sort(got)
	fmt.Println(got)
}
