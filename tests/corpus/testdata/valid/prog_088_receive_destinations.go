package main

import "fmt"

type result struct{ N int }

func first(ch <-chan int) int { return <-ch }

func firstOK(ch <-chan int) (int, bool) { return <-ch, true }

func boxed(ch <-chan int) any { return <-ch }

func main() {
	ch := make(chan int, 20)
	for i := 1; i <= 20; i++ {
		ch <- i
	}
	results := make([]int, 3)
	for i := range results {
		results[i] = <-ch
	}
	var r result
	r.N = <-ch
	p := new(int)
	*p = <-ch
	var arr [2]int
	arr[1] = <-ch
	rp := &result{}
	rp.N = <-ch
	var ok bool
	r.N, ok = <-ch
	m := map[string]int{}
	m["k"] = <-ch
	sum := 0
	sum += <-ch
	fmt.Println(results, r, *p, arr, *rp, ok, m, sum)
	fmt.Println(first(ch), boxed(ch))
	fmt.Println(firstOK(ch))
	done := make(chan struct{})
	go func() {
		defer close(done)
		results[0] = <-ch
	}()
	<-done
	fmt.Println(results[0], len(ch))
}
