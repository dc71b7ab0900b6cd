//go:build ignore

package main

import "time"

// A refused request is always told to wait a whole token's time, 1/rate,
// ignoring the part of a token already earned.
type Bucket struct {
	capacity, rate, tokens float64
	last                   time.Time
}

func NewBucket(capacity, rate float64, now time.Time) *Bucket {
	return &Bucket{capacity: capacity, rate: rate, tokens: capacity, last: now}
}

func (b *Bucket) Allow(now time.Time) (bool, time.Duration) {
	b.tokens += now.Sub(b.last).Seconds() * b.rate
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
