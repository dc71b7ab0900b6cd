// Main returns while goroutines keep going: busy, printing, blocked on a
// send, a receive and a select, sleeping.
//
// want: main is done
// clean: yes
// busy: yes
package main

import (
	"fmt"
	"time"
)

func spin(n *int) {
	for {
		*n++
	}
}

func main() {
	n := 0
	go spin(&n)
	go func() {
		for i := 0; ; i++ {
			fmt.Println("late", i)
			time.Sleep(time.Millisecond)
		}
	}()
	ch := make(chan int)
	go func() { ch <- 1 }()
	go func() { ch <- 2 }()
	go func() { <-make(chan int) }()
	go func() {
		select {}
	}()
	go func() {
		for range time.Tick(time.Second) {
			fmt.Println("tick")
		}
	}()
	time.Sleep(5 * time.Millisecond)
	fmt.Println("main is done")
}
