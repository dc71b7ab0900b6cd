package main

import "fmt"

// Bucket is a token bucket computed from elapsed time, as in the lesson.
type Bucket struct {
	Capacity float64
	Rate     float64 // tokens per second
	tokens   float64
	last     float64 // seconds
}

func (b *Bucket) refill(now float64) {
	b.tokens = min(b.Capacity, b.tokens+(now-b.last)*b.Rate)
	b.last = now
}

func (b *Bucket) Allow(now float64) bool {
	b.refill(now)
	if b.tokens >= 1 {
		b.tokens--
		return true
	}
	return false
}

func (b *Bucket) Wait(now float64) float64 {
	b.refill(now)
	if b.tokens >= 1 {
		return 0
	}
	return (1 - b.tokens) / b.Rate
}

func main() {
	b := &Bucket{Capacity: 3, Rate: 2, tokens: 3}
	for i := range 6 {
		now := float64(i) * 0.25
		fmt.Printf("t=%.2f allow=%v tokens=%.2f\n", now, b.Allow(now), b.tokens)
	}
	fmt.Printf("wait %.3fs\n", b.Wait(1.5))
}
