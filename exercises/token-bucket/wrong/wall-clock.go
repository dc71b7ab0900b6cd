//go:build ignore

// The refill measures time on the wall clock, not between the instants the
// bucket is given.
package main

import (
	"fmt"
	"time"
)

// Bucket is a token bucket. It is not safe for concurrent use; a limiter
// shared by goroutines would guard these fields with a sync.Mutex.
type Bucket struct {
	capacity float64
	rate     float64
	tokens   float64
	last     time.Time
}

// NewBucket returns a full bucket holding up to capacity tokens and gaining
// rate tokens per second, created at now.
func NewBucket(capacity, rate float64, now time.Time) *Bucket {
	return &Bucket{capacity: capacity, rate: rate, tokens: capacity, last: now}
}

// refill adds the tokens earned since the last call, never above capacity.
// Computing them from elapsed time (not from a ticker) keeps irregular
// arrivals exact.
func (b *Bucket) refill(now time.Time) {
	if elapsed := time.Since(b.last); elapsed > 0 {
		b.tokens += elapsed.Seconds() * b.rate
		if b.tokens > b.capacity {
			b.tokens = b.capacity
		}
		b.last = now
	}
}

// Allow reports whether a request at now gets a token, and spends it if so.
// A refused request learns how long to wait until a token is there.
func (b *Bucket) Allow(now time.Time) (allowed bool, retryAfter time.Duration) {
	b.refill(now)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	missing := 1 - b.tokens
	return false, time.Duration(missing / b.rate * float64(time.Second))
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
