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

// BenchmarkFirstImport: what a fresh process pays to import fmt, time and
// strings the first time (their stubs and those they import, parsed and
// type-checked).
func BenchmarkFirstImport(b *testing.B) {
	for range b.N {
		imp, err := newImporter()
		if err != nil {
			b.Fatal(err)
		}
		for _, path := range []string{"fmt", "time", "strings"} {
			if _, err := imp.Import(path); err != nil {
				b.Fatal(err)
			}
		}
	}
}
