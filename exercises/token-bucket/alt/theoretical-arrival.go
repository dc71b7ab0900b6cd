//go:build ignore

// A bucket kept as one instant instead of a token count: full is the moment
// the bucket will be full again (GCRA's "theoretical arrival time").
package main

import "time"

type Bucket struct {
	capacity float64
	perToken time.Duration
	full     time.Time
}

func NewBucket(capacity, rate float64, now time.Time) *Bucket {
	return &Bucket{capacity: capacity, perToken: time.Duration(float64(time.Second) / rate), full: now}
}

func (b *Bucket) Allow(now time.Time) (bool, time.Duration) {
	if b.full.Before(now) {
		b.full = now
	}
	// tokens = capacity - (full - now) / perToken
	missing := float64(b.full.Sub(now)) / float64(b.perToken)
	tokens := b.capacity - missing
	if tokens >= 1 {
		b.full = b.full.Add(b.perToken)
		return true, 0
	}
	return false, time.Duration((1 - tokens) * float64(b.perToken))
}
