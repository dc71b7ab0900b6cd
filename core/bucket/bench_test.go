package bucket_test

import (
	"testing"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

// The allowed path refills and spends on every call; the denied path
// refills and refuses. Both must allocate nothing.
func BenchmarkAllow(b *testing.B) {
	b.Run("allowed", func(b *testing.B) {
		bk, _ := bucket.New(1000, 1e9) // one token per nanosecond: never runs dry
		now := t0
		b.ReportAllocs()
		for b.Loop() {
			now = now.Add(time.Nanosecond)
			if !bk.AllowAt(now) {
				b.Fatal("refused")
			}
		}
	})
	b.Run("denied", func(b *testing.B) {
		bk, _ := bucket.New(1, 1e-3)
		bk.AllowAt(t0)
		now := t0
		b.ReportAllocs()
		for b.Loop() {
			now = now.Add(time.Nanosecond)
			if bk.AllowAt(now) {
				b.Fatal("allowed")
			}
		}
	})
	b.Run("parallel", func(b *testing.B) {
		bk, _ := bucket.New(1e9, 1e9)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				bk.AllowAt(t0)
			}
		})
	})
}

func BenchmarkTakeAt(b *testing.B) {
	bk, _ := bucket.New(10, 1e3)
	now := t0
	b.ReportAllocs()
	for b.Loop() {
		now = now.Add(100 * time.Microsecond)
		bk.TakeAt(now, 1)
	}
}

func BenchmarkKeyedAllowAt(b *testing.B) {
	k, _ := bucket.NewKeyed(1000, 1e9, bucket.KeyedSettings{})
	keys := []string{"alice", "bob", "carol", "dave"}
	now := t0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		now = now.Add(time.Nanosecond)
		k.AllowAt(keys[i&3], now)
		i++
	}
}
