// Goroutines started by a package variable's initializer, before init
// and main.
//
// want: main is done
// clean: yes
package main

import (
	"fmt"
	"time"
)

var started = func() int {
	go func() {
		for {
			fmt.Println("from the initializer")
			time.Sleep(time.Millisecond)
		}
	}()
	go func() { <-make(chan bool) }()
	return 2
}()

func main() {
	time.Sleep(3 * time.Millisecond)
	fmt.Println("main is done", started)
}
