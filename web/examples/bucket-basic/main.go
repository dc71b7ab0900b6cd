// A token bucket holding 3 tokens that refills at 1 token per second.
// Seven requests arrive over 1.6 seconds: the first three spend the burst,
// the next two are refused, and by t=1.5s one token has grown back.
//
// Try: raise the capacity to 5, or the rate to 2, and run again.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

func main() {
	b, err := bucket.New(3, 1) // capacity 3, refill 1 token per second
	if err != nil {
		fmt.Println(err)
		return
	}

	start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC) // the bucket is full here
	arrivals := []float64{0.0, 0.1, 0.2, 0.3, 0.4, 1.5, 1.6}

	for _, sec := range arrivals {
		at := start.Add(time.Duration(sec * float64(time.Second)))
		d := b.TakeAt(at, 1) // ask for one token at that instant
		if d.Allowed {
			fmt.Printf("t=%.1fs  allowed            (%.1f tokens left)\n", sec, d.Remaining)
			continue
		}
		fmt.Printf("t=%.1fs  429, retry after %.1fs\n", sec, d.RetryAfter.Seconds())
	}
}
