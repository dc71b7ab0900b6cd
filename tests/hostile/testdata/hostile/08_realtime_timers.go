// On the wall clock (realtime): timers and tickers that would fire after
// the run.
//
// realtime: yes
// want: armed
// clean: yes
package main

import (
	"fmt"
	"time"
)

func main() {
	time.AfterFunc(50*time.Millisecond, func() { fmt.Println("too late"); panic("late") })
	tk := time.NewTicker(5 * time.Millisecond)
	go func() {
		for range tk.C {
			fmt.Println("tick")
		}
	}()
	go func() {
		for range time.Tick(5 * time.Millisecond) {
			fmt.Println("tock")
		}
	}()
	<-time.After(10 * time.Millisecond)
	fmt.Println("armed")
}
