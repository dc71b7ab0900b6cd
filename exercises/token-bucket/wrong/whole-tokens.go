//go:build ignore

package main

import "time"

// Tokens are counted in whole numbers: the fraction earned between two
// calls is dropped each time, so frequent callers never see a refill.
type Bucket struct {
	capacity, tokens int
	rate             float64
	last             time.Time
}

func NewBucket(capacity, rate float64, now time.Time) *Bucket {
	return &Bucket{capacity: int(capacity), rate: rate, tokens: int(capacity), last: now}
}

func (b *Bucket) Allow(now time.Time) (bool, time.Duration) {
	b.tokens += int(now.Sub(b.last).Seconds() * b.rate)
	if b.tokens > b.capacity {
		b.tokens = b.capacity
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration(float64(time.Second) / b.rate)
}
