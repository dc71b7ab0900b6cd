package idempotency_test

import (
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/flakylab/flakylab/core/idempotency"
)

// BenchmarkBeginComplete measures a fresh key's whole life in steady state:
// Begin, Complete, and its share of the sweep that later removes it. Keys
// cycle through a ring on a clock that moves one second per request, with a
// TTL shorter than the ring, so each key has expired before it comes back.
func BenchmarkBeginComplete(b *testing.B) {
	const ring = 4096
	keys := make([]string, ring)
	for i := range keys {
		keys[i] = "key-" + strconv.Itoa(i)
	}
	now := t0
	s, err := idempotency.New(idempotency.Settings{TTL: ring / 2 * time.Second, Now: func() time.Time { return now }})
	if err != nil {
		b.Fatal(err)
	}
	resp := idempotency.Response{Status: 201, Body: []byte(`{"id":"ch_1"}`)}
	fp := idempotency.Fingerprint("POST", "/charges", []byte(`{"amount":5000}`))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		key := keys[i%ring]
		i++
		now = now.Add(time.Second)
		if res, _ := s.Begin(key, fp); res.Outcome != idempotency.Fresh {
			b.Fatalf("Begin(%q) = %v, want fresh", key, res.Outcome)
		}
		if err := s.Complete(key, resp); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBeginReplay measures answering a retry from the store.
func BenchmarkBeginReplay(b *testing.B) {
	var s idempotency.Store
	fp := idempotency.Fingerprint("POST", "/charges", []byte(`{"amount":5000}`))
	s.Begin("k", fp)
	s.Complete("k", idempotency.Response{Status: 201, Header: map[string]string{"Content-Type": "application/json"}, Body: []byte(`{"id":"ch_1"}`)})
	b.ReportAllocs()
	for b.Loop() {
		if res, _ := s.Begin("k", fp); res.Outcome != idempotency.Replay {
			b.Fatalf("Begin = %v, want replay", res.Outcome)
		}
	}
}

// BenchmarkDoParallel measures Do on distinct keys from all procs at once,
// against the wall clock.
func BenchmarkDoParallel(b *testing.B) {
	var s idempotency.Store
	var next atomic.Int64
	work := func() idempotency.Response { return idempotency.Response{Status: 201} }
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			s.Do("k"+strconv.FormatInt(next.Add(1), 10), "fp", work)
		}
	})
}

func BenchmarkFingerprint(b *testing.B) {
	body := []byte(`{"amount":5000,"currency":"usd","source":"tok_visa"}`)
	b.ReportAllocs()
	for b.Loop() {
		idempotency.Fingerprint("POST", "/v1/charges", body)
	}
}

func BenchmarkParseKey(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := idempotency.ParseKey(`"8e03978e-40d5-43e8-bc93-6894a57f9324"`); err != nil {
			b.Fatal(err)
		}
	}
}
