package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
)

func main() {
	s, err := backoff.New(backoff.Config{Base: 100 * time.Millisecond, Cap: 2 * time.Second, Jitter: backoff.Full})
	if err != nil {
		fmt.Println(err)
		return
	}
	var prev time.Duration
	for attempt := range 6 {
		exp := s.Exponential(attempt)
		d := s.Delay(attempt, prev, 0.5)
		prev = d
		fmt.Printf("attempt %d: exponential %v, full jitter at u=0.5 %v\n", attempt, exp, d)
	}
	fmt.Println(s.Config().Jitter, min(s.Exponential(10), time.Second))
}
