package main

import (
	"fmt"
	"time"
)

// Bucket is a token bucket. Add the fields you need.
type Bucket struct {
}

// NewBucket returns a full bucket holding up to capacity tokens and gaining
// rate tokens per second, created at now.
func NewBucket(capacity, rate float64, now time.Time) *Bucket {
	return &Bucket{}
}

// Allow reports whether a request at now gets a token, and spends it if so.
// A refused request learns how long to wait until a token is there.
func (b *Bucket) Allow(now time.Time) (allowed bool, retryAfter time.Duration) {
	return false, 0
}

func main() {
	t0 := time.Now()
	b := NewBucket(3, 1, t0)
	for _, s := range []float64{0, 0.1, 0.2, 0.3, 0.4, 1.5, 1.6} {
		at := t0.Add(time.Duration(s * float64(time.Second)))
		ok, wait := b.Allow(at)
		fmt.Printf("t=%.1fs allowed=%v retry after %v\n", s, ok, wait)
	}
}
