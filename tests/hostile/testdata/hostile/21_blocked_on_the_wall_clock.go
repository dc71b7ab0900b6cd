// On the wall clock, main blocks forever on a channel nobody sends on (a
// timer there could wake it, so no deadlock is declared): the time limit
// stops it.
//
// realtime: yes
// endless: yes
// clean: yes
package main

import "fmt"

func main() {
	fmt.Println("waiting")
	<-make(chan int)
}
