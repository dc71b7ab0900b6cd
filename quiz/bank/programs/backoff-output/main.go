// The un-jittered backoff of the first six attempts.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
)

func main() {
	s, err := backoff.New(backoff.Config{Base: time.Second, Cap: 10 * time.Second})
	if err != nil {
		fmt.Println(err)
		return
	}
	var waits []time.Duration
	for attempt := 1; attempt <= 6; attempt++ {
		waits = append(waits, s.Exponential(attempt))
	}
	fmt.Println(waits)
}
