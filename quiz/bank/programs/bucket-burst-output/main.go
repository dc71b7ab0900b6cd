// A bucket of capacity 2 that refills 1 token per second, asked at fixed
// instants (in milliseconds after a start time at which it is full).
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

func main() {
	b, err := bucket.New(2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var allowed []bool
	for _, ms := range []int{0, 0, 0, 500, 1000, 1000} {
		at := start.Add(time.Duration(ms) * time.Millisecond)
		allowed = append(allowed, b.AllowAt(at))
	}
	fmt.Println(allowed)
}
