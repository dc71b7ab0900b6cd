// A variable made by a receive, then given a function's result: the
// usual shape of a worker that reads a job and transforms it.
package main

import "fmt"

func double(n int) int { return n * 2 }

func main() {
	jobs := make(chan int, 3)
	jobs <- 1
	jobs <- 2
	jobs <- 3
	close(jobs)

	n := <-jobs
	n = double(n)
	fmt.Println("first:", n)

	var m = <-jobs
	m = double(m)
	var k int
	k = <-jobs
	inc := func(x int) int { return x + 1 }
	k = inc(k)
	fmt.Println("then:", m, k)

	select {
	case v, ok := <-jobs:
		fmt.Println("closed:", v, ok)
	}
}
