// On the wall clock (realtime): timers and tickers armed as main returns,
// which would fire after the run. "armed" is printed first, so a machine
// too busy to reach the end of main before the AfterFunc fires does not
// change what the run is checked on.
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
	fmt.Println("armed")
	time.AfterFunc(100*time.Millisecond, func() { fmt.Println("too late"); panic("late") })
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
}
