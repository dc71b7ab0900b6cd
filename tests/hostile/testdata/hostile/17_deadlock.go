// Main blocks forever on a channel nobody sends on; the time limit stops
// it.
//
// endless: yes
// clean: yes
package main

import "fmt"

func main() {
	fmt.Println("waiting")
	<-make(chan int)
}
