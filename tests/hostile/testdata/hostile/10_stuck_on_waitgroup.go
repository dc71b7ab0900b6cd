// Goroutines blocked on a WaitGroup and a sync.Cond that never finish.
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
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		wg.Wait()
		fmt.Println("never")
	}()
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	go func() {
		mu.Lock()
		cond.Wait()
		fmt.Println("never either")
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("main is done")
}
