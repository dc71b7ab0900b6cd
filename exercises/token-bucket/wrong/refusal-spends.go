//go:build ignore

package main

import "time"

// Every request spends a token, allowed or not, so the balance goes
// negative and a client that keeps asking pushes its own next token away.
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
	ok := b.tokens >= 1
	b.tokens--
	if ok {
		return true, 0
	}
	return false, time.Duration(-b.tokens / b.rate * float64(time.Second))
}
