// A goroutine blocked on a mutex that is never unlocked: compiled code the
// interpreter cannot stop, so the run cannot be proved clean.
//
// want: main is done
// clean: no
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	mu.Lock()
	go func() {
		mu.Lock()
		fmt.Println("never")
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("main is done")
}
