package storm

import "testing"

// BenchmarkRun runs the default configuration once per strategy. The
// default Strategy is NoRetry; the others show what retries cost to
// simulate (Immediate is the worst case: it keeps calling every round trip
// until the run stops).
func BenchmarkRun(b *testing.B) {
	for _, s := range Strategies() {
		b.Run(s.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Run(Config{Strategy: s, Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRunContention runs the contention model at 100 clients.
func BenchmarkRunContention(b *testing.B) {
	for _, s := range []Strategy{Exponential, FullJitter} {
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
