// One goroutine panics while others spin and print.
//
// want: panic: runtime error: index out of range
// clean: yes
// busy: yes
package main

import (
	"fmt"
	"time"
)

func main() {
	for range 3 {
		go func() {
			for {
				fmt.Print("")
			}
		}()
	}
	go func() {
		time.Sleep(time.Millisecond)
		var xs []int
		i := 3
		fmt.Println(xs[i])
	}()
	time.Sleep(time.Second)
	fmt.Println("not reached")
}
