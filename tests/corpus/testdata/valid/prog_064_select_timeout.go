package main

import (
	"fmt"
	"time"
)

func main() {
	never := make(chan int)
	select {
	case v := <-never:
		fmt.Println("impossible", v)
	case <-time.After(10 * time.Millisecond):
		fmt.Println("timed out")
	}
	ready := make(chan string, 1)
	ready <- "fast"
	select {
	case v := <-ready:
		fmt.Println(v)
	case <-time.After(time.Second):
		fmt.Println("slow")
	}
	timer := time.NewTimer(time.Hour)
	fmt.Println(timer.Stop())
}
