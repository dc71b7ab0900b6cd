package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	var hits atomic.Int64
	var misses int32
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%5 == 0 {
				atomic.AddInt32(&misses, 1)
				return
			}
			hits.Add(1)
		}()
	}
	wg.Wait()
	fmt.Println(hits.Load(), atomic.LoadInt32(&misses))
	var flag atomic.Bool
	fmt.Println(flag.CompareAndSwap(false, true), flag.Load())
}
