//go:build ignore

package main

import "time"

// Tokens come back once per whole second, rate at a time, as if a ticker
// refilled the bucket: a rate of 4 per second gives nothing for 999ms.
type Bucket struct {
	capacity, rate, tokens float64
	last                   time.Time
}

func NewBucket(capacity, rate float64, now time.Time) *Bucket {
	return &Bucket{capacity: capacity, rate: rate, tokens: capacity, last: now}
}

func (b *Bucket) Allow(now time.Time) (bool, time.Duration) {
	ticks := int(now.Sub(b.last) / time.Second)
	if ticks > 0 {
		b.tokens += float64(ticks) * b.rate
		if b.tokens > b.capacity {
			b.tokens = b.capacity
		}
		b.last = b.last.Add(time.Duration(ticks) * time.Second)
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, b.last.Add(time.Second).Sub(now)
}
