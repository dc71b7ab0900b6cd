package storm

import (
	"testing"
	"time"
)

// BenchmarkRun runs the default configuration once per strategy, with the
// seed of the storm chart's runs (web/site/storm.go): what the chart asks
// for at its opening settings. Immediate keeps calling every round trip
// until the run stops.
func BenchmarkRun(b *testing.B) {
	for _, s := range Strategies() {
		b.Run(s.String(), func(b *testing.B) {
			b.ReportAllocs()
			var calls int
			for b.Loop() {
				r, err := Run(Config{Strategy: s, Seed: 2})
				if err != nil {
					b.Fatal(err)
				}
				calls = r.TotalCalls
			}
			b.ReportMetric(float64(calls), "calls/op")
		})
	}
}

// BenchmarkRunLarge runs 10 000 clients for 60 s of new requests (two
// simulated minutes in all) per strategy, with the default provider: the
// cost of a run follows clients × time, not the calls the storm makes
// (calls/op says how many it simulated).
func BenchmarkRunLarge(b *testing.B) {
	for _, s := range Strategies() {
		b.Run(s.String(), func(b *testing.B) {
			b.ReportAllocs()
			var calls int
			for b.Loop() {
				r, err := Run(Config{Clients: 10_000, Duration: 60 * time.Second, Strategy: s, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				calls = r.TotalCalls
			}
			b.ReportMetric(float64(calls), "calls/op")
		})
	}
}

// BenchmarkRunContention runs the contention model at 100 clients.
func BenchmarkRunContention(b *testing.B) {
	for _, s := range Strategies()[1:] {
		b.Run(s.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := RunContention(ContentionConfig{Clients: 100, Strategy: s, Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
