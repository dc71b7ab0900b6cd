// Package bench measures core's hot paths side by side with the libraries a
// Go engineer would otherwise reach for. Every case has an "ours"
// sub-benchmark and one named after the other library; cmd/ratio prints the
// ours/theirs ratios. It is a module of its own so that core keeps no
// dependencies.
package bench

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	cenkalti "github.com/cenkalti/backoff/v5"
	"github.com/sony/gobreaker/v2"
	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/bucket"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

var errBoom = errors.New("boom")

// BenchmarkAllowAllowed: a request that finds a token, time moving forward.
func BenchmarkAllowAllowed(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		bk, err := bucket.New(1e6, 1e9)
		require.NoError(b, err)
		b.ReportAllocs()
		now := t0
		for b.Loop() {
			now = now.Add(time.Microsecond)
			if !bk.AllowNAt(now, 1) {
				b.Fatal("refused")
			}
		}
	})
	b.Run("xrate", func(b *testing.B) {
		lim := rate.NewLimiter(rate.Limit(1e9), 1e6)
		b.ReportAllocs()
		now := t0
		for b.Loop() {
			now = now.Add(time.Microsecond)
			if !lim.AllowN(now, 1) {
				b.Fatal("refused")
			}
		}
	})
}

// BenchmarkAllowDenied: an empty bucket that refuses.
func BenchmarkAllowDenied(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		bk, err := bucket.New(1, 1e-9)
		require.NoError(b, err)
		require.True(b, bk.AllowNAt(t0, 1))
		b.ReportAllocs()
		for b.Loop() {
			if bk.AllowNAt(t0, 1) {
				b.Fatal("allowed")
			}
		}
	})
	b.Run("xrate", func(b *testing.B) {
		lim := rate.NewLimiter(rate.Limit(1e-9), 1)
		require.True(b, lim.AllowN(t0, 1))
		b.ReportAllocs()
		for b.Loop() {
			if lim.AllowN(t0, 1) {
				b.Fatal("allowed")
			}
		}
	})
}

// BenchmarkBreakerSuccess: Execute around a call that succeeds.
func BenchmarkBreakerSuccess(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		br, err := breaker.New(breaker.Settings{Threshold: 5})
		require.NoError(b, err)
		op := func() error { return nil }
		b.ReportAllocs()
		for b.Loop() {
			if err := br.Execute(op); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("gobreaker", func(b *testing.B) {
		cb := gobreaker.NewCircuitBreaker[struct{}](gobreaker.Settings{})
		op := func() (struct{}, error) { return struct{}{}, nil }
		b.ReportAllocs()
		for b.Loop() {
			if _, err := cb.Execute(op); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkBreakerOpen: Execute on an open circuit (fails fast).
func BenchmarkBreakerOpen(b *testing.B) {
	fail := func() error { return errBoom }
	b.Run("ours", func(b *testing.B) {
		br, err := breaker.New(breaker.Settings{Threshold: 1, Cooldown: time.Hour})
		require.NoError(b, err)
		require.ErrorIs(b, br.Execute(fail), errBoom)
		b.ReportAllocs()
		for b.Loop() {
			if err := br.Execute(fail); !errors.Is(err, breaker.ErrOpen) {
				b.Fatal(err)
			}
		}
	})
	b.Run("gobreaker", func(b *testing.B) {
		cb := gobreaker.NewCircuitBreaker[struct{}](gobreaker.Settings{
			Timeout:     time.Hour,
			ReadyToTrip: func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= 1 },
		})
		op := func() (struct{}, error) { return struct{}{}, errBoom }
		_, err := cb.Execute(op)
		require.ErrorIs(b, err, errBoom)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := cb.Execute(op); !errors.Is(err, gobreaker.ErrOpenState) {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkBreakerAllowRecord: the two-step form, permission then outcome.
func BenchmarkBreakerAllowRecord(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		br, err := breaker.New(breaker.Settings{Threshold: 5})
		require.NoError(b, err)
		b.ReportAllocs()
		for b.Loop() {
			tk, err := br.Allow()
			if err != nil {
				b.Fatal(err)
			}
			br.Record(tk, true)
		}
	})
	b.Run("gobreaker", func(b *testing.B) {
		cb := gobreaker.NewTwoStepCircuitBreaker[struct{}](gobreaker.Settings{})
		b.ReportAllocs()
		for b.Loop() {
			done, err := cb.Allow()
			if err != nil {
				b.Fatal(err)
			}
			done(nil)
		}
	})
}

// BenchmarkNextDelay: the next jittered delay of an exponential schedule.
func BenchmarkNextDelay(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		s, err := backoff.New(backoff.Config{Base: 500 * time.Millisecond, Cap: 60 * time.Second, Multiplier: 1.5, Jitter: backoff.Full})
		require.NoError(b, err)
		it := s.Iter(rand.New(rand.NewPCG(1, 2)))
		b.ReportAllocs()
		for b.Loop() {
			if it.Next() < 0 {
				b.Fatal("negative")
			}
		}
	})
	b.Run("cenkalti", func(b *testing.B) {
		eb := cenkalti.NewExponentialBackOff()
		b.ReportAllocs()
		for b.Loop() {
			if eb.NextBackOff() < 0 {
				b.Fatal("negative")
			}
		}
	})
}
