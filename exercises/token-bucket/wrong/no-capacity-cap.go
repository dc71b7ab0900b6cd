//go:build ignore

package main

import "time"

// The refill is never clamped: after a long idle the bucket holds far more
// than its capacity and lets a huge burst through.
type Bucket struct {
	capacity, rate, tokens float64
	last                   time.Time
}

func NewBucket(capacity, rate float64, now time.Time) *Bucket {
	return &Bucket{capacity: capacity, rate: rate, tokens: capacity, last: now}
}

func (b *Bucket) Allow(now time.Time) (bool, time.Duration) {
	b.tokens += now.Sub(b.last).Seconds() * b.rate
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / b.rate * float64(time.Second))
}
