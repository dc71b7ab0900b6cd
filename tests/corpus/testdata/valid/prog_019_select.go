package main

import "fmt"

func main() {
	ch := make(chan int, 1)
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("empty")
	}
	ch <- 7
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("empty")
	}
	done := make(chan struct{})
	results := make(chan string)
	go func() {
		for _, s := range []string{"a", "b"} {
			results <- s
		}
		close(done)
	}()
	for {
		select {
		case r := <-results:
			fmt.Println("result", r)
		case <-done:
			fmt.Println("done")
			return
		}
	}
}
