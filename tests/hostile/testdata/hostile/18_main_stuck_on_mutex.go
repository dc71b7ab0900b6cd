// Main blocks forever on a mutex: a deadlock, as Go reports it; main
// stays blocked where the interpreter cannot stop it.
//
// want: fatal error: all goroutines are asleep - deadlock!
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
