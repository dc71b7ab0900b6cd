// A hundred clients see the provider fail at the same instant and each
// retry four times with exponential backoff (0.5 s, 1 s, 2 s, 4 s).
// We count how many retries reach the provider in each 100 ms of the next
// 8 seconds and draw one row per second: the row's bar shows its busiest
// 100 ms, one # for every 4 retries.
//
// Without jitter every client waits exactly the same time, so all hundred
// retries hit the provider in the same instant, four times over. With full
// jitter the very same retries are spread out.
//
// Try: set clients to 1000, or use backoff.Equal instead of backoff.Full.
package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
)

const (
	clients = 100
	retries = 4
	slot    = 100 * time.Millisecond
	window  = 8 * time.Second
)

func main() {
	for _, j := range []backoff.Jitter{backoff.None, backoff.Full} {
		sched, err := backoff.New(backoff.Config{Base: 500 * time.Millisecond, Cap: 8 * time.Second, Jitter: j})
		if err != nil {
			fmt.Println(err)
			return
		}
		rng := rand.New(rand.NewPCG(7, 7))
		load := make([]int, int(window/slot)) // retries arriving in each 100 ms
		for c := 0; c < clients; c++ {
			it := sched.Iter(rng)
			at := time.Duration(0) // every client failed at t=0
			for r := 0; r < retries; r++ {
				at += it.Next()
				if i := int(at / slot); i < len(load) {
					load[i]++
				}
			}
		}

		fmt.Printf("jitter %v: busiest 100 ms of each second\n", j)
		perSecond := int(time.Second / slot)
		for s := 0; s < len(load)/perSecond; s++ {
			peak := 0
			for _, n := range load[s*perSecond : (s+1)*perSecond] {
				if n > peak {
					peak = n
				}
			}
			fmt.Printf("  %ds-%ds %3d |%s\n", s, s+1, peak, strings.Repeat("#", (peak+3)/4))
		}
		fmt.Println()
	}
}
