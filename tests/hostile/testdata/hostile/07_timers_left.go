// Timers, tickers and callbacks left armed when main returns.
//
// want: armed
// clean: yes
package main

import (
	"context"
	"fmt"
	"time"
)

func main() {
	time.AfterFunc(time.Hour, func() { fmt.Println("an hour later"); panic("late") })
	time.AfterFunc(time.Millisecond, func() {
		for {
			fmt.Println("callback still running")
			time.Sleep(time.Millisecond)
		}
	})
	t := time.NewTimer(time.Minute)
	go func() { <-t.C; fmt.Println("timer") }()
	tk := time.NewTicker(time.Millisecond)
	go func() {
		for range tk.C {
			fmt.Println("ticker")
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	_ = cancel
	context.AfterFunc(ctx, func() { fmt.Println("context ended") })
	time.Sleep(5 * time.Millisecond)
	fmt.Println("armed")
}
