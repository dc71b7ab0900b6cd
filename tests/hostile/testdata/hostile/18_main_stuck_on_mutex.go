// Main blocks forever on a mutex: the time limit ends the run, and main
// stays blocked where the interpreter cannot stop it.
//
// endless: yes
// clean: no
package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	mu.Lock()
	fmt.Println("locking twice")
	mu.Lock()
}
