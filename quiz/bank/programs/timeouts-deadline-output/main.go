// A caller that stops waiting for a slow provider at its deadline.
package main

import (
	"context"
	"fmt"
	"time"
)

// slowProvider answers after two seconds.
func slowProvider(answer chan<- int) {
	time.Sleep(2 * time.Second)
	answer <- 42
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()

	answer := make(chan int, 1)
	go slowProvider(answer)

	select {
	case n := <-answer:
		fmt.Println("answer:", n)
	case <-ctx.Done():
		fmt.Println("gave up:", ctx.Err())
	}
}
