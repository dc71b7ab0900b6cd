package frontend

import "testing"

// bucketExample is the shape of the course's first example: a token bucket
// with min, a range over int and formatted output.
const bucketExample = `package main

import "fmt"

type Bucket struct {
	Capacity, Rate, tokens, last float64
}

func (b *Bucket) Allow(now float64) bool {
	b.tokens = min(b.Capacity, b.tokens+(now-b.last)*b.Rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true
	}
	return false
}

func main() {
	b := &Bucket{Capacity: 3, Rate: 2, tokens: 3}
	for i := range 6 {
		now := float64(i) * 0.25
		fmt.Printf("t=%.2f allow=%v\n", now, b.Allow(now))
	}
}
`

// BenchmarkCheck measures the front end's added latency per run, warm
// (the allowed packages' type information is decoded by the first run).
func BenchmarkCheck(b *testing.B) {
	src := []byte(bucketExample)
	if _, diags := Check(src, Options{}); len(diags) > 0 {
		b.Fatal(diags)
	}
	b.ReportAllocs()
	for b.Loop() {
		Check(src, Options{})
	}
}
