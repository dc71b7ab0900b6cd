package main

import "fmt"

func drain() {
	ch := make(chan int)
	done := make(chan bool)
	go func() {
		for i := 0; i < 10; i++ {
			ch <- i
		}
		close(done)
	}()
	n := 0
loop:
	for {
		select {
		case v := <-ch:
			n++
			if v == 5 {
				break loop
			}
			if v%2 == 0 {
				continue loop
			}
			fmt.Println("odd", v)
		case <-done:
			break loop
		}
	}
	fmt.Println("left the loop after", n)
}

func assignInCase() {
	ch := make(chan int, 5)
	for i := 1; i <= 5; i++ {
		ch <- i
	}
	close(ch)
	var x int
	var ok bool
	total := 0
	for {
		select {
		case x, ok = <-ch:
			if !ok {
				fmt.Println("closed, total", total, "last", x)
				return
			}
			total += x
		}
	}
}

func perIteration() {
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	var fs []func() int
	for _, k := range []string{"a", "b", "c"} {
		v, ok := m[k]
		_ = ok
		fs = append(fs, func() int { return v })
	}
	ch := make(chan int, 3)
	ch <- 10
	ch <- 20
	ch <- 30
	for range 3 {
		v, ok := <-ch
		_ = ok
		fs = append(fs, func() int { return v })
	}
	for _, x := range []any{1, 2, 3} {
		n, ok := x.(int)
		_ = ok
		fs = append(fs, func() int { return n })
	}
	c := make(chan int, 3)
	c <- 7
	c <- 8
	c <- 9
	for range 3 {
		select {
		case v := <-c:
			fs = append(fs, func() int { return v })
		}
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}

func main() {
	drain()
	assignInCase()
	perIteration()
}
