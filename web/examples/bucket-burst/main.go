// Six requests arrive at the same instant at a bucket of capacity 4 that
// refills at 2 tokens per second. No time passes between them, so the rate
// does not matter: the burst is capped by the capacity alone.
//
// Try: let 500ms pass before the last request (start.Add(...)) and see
// which answer changes.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

func main() {
	b, err := bucket.New(4, 2) // capacity 4, refill 2 tokens per second
	if err != nil {
		fmt.Println(err)
		return
	}

	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	for i := 1; i <= 6; i++ {
		if i > 1 {
			fmt.Print(" ")
		}
		fmt.Print(b.AllowAt(now))
	}
	fmt.Println()
	fmt.Printf("tokens left: %.0f\n", b.TokensAt(now))
}
