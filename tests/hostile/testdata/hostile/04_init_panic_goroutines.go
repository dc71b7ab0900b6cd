// An init that panics after starting goroutines: a busy loop, a printing
// loop, one blocked on a channel, one sleeping and one in a select.
//
// want: panic: boom
// clean: yes
// busy: yes
package main

import (
	"fmt"
	"time"
)

func init() {
	n := 0
	go func() {
		for {
			n++
		}
	}()
	go func() {
		for {
			fmt.Println("still here")
			time.Sleep(time.Millisecond)
		}
	}()
	block := make(chan int)
	go func() { <-block }()
	go func() { time.Sleep(time.Hour); fmt.Println("woke up") }()
	go func() {
		select {
		case <-block:
		case <-time.After(time.Hour):
		}
	}()
	time.Sleep(10 * time.Millisecond)
	panic("boom")
}

func main() {
	fmt.Println("main never runs")
}
