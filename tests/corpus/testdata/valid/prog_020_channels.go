package main

import "fmt"

func produce(n int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for i := range n {
			out <- i
		}
	}()
	return out
}

func square(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for v := range in {
			out <- v * v
		}
	}()
	return out
}

func main() {
	sum := 0
	for v := range square(produce(5)) {
		fmt.Print(v, " ")
		sum += v
	}
	fmt.Println("sum", sum)
	buf := make(chan string, 3)
	buf <- "x"
	buf <- "y"
	fmt.Println(len(buf), cap(buf))
	close(buf)
	for s := range buf {
		fmt.Print(s)
	}
	v, ok := <-buf
	fmt.Printf(" %q %v\n", v, ok)
}
