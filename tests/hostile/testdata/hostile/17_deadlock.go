// Main blocks forever on a channel nobody sends on: every goroutine is
// asleep, and the run ends as Go ends it.
//
// want: fatal error: all goroutines are asleep - deadlock!
// clean: yes
package main

import "fmt"

func main() {
	fmt.Println("waiting")
	<-make(chan int)
}
