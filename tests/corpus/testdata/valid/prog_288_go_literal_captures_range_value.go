// Goroutines capturing the value of a range over a slice send it back on
// a buffered channel, without a mutex.
package main

import "fmt"

func main() {
	xs := make([]int, 200)
	for i := range xs {
		xs[i] = i * 3
	}
	results := make(chan int, len(xs))
	for _, v := range xs {
		go func() { results <- v }()
	}
	seen := map[int]bool{}
	sum := 0
	for range xs {
		v := <-results
		seen[v] = true
		sum += v
	}
	fmt.Println("distinct:", len(seen), "sum:", sum)
}
