package clock_test

import (
	"context"
	"testing"
	"time"

	"github.com/flakylab/flakylab/core/clock"
)

func BenchmarkVirtualNow(b *testing.B) {
	v := clock.NewManual(t0)
	b.ReportAllocs()
	for b.Loop() {
		_ = v.Now()
	}
}

// BenchmarkVirtualSleep measures one auto-advanced Sleep: registering the
// wake-up, the advancer waiting for quiescence, firing and resuming.
func BenchmarkVirtualSleep(b *testing.B) {
	v := clock.NewVirtual(t0)
	defer v.Close()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_ = v.Sleep(ctx, time.Second)
	}
}

// BenchmarkVirtualTimerAdvance measures a timer armed and fired by
// Advance on a manual clock.
func BenchmarkVirtualTimerAdvance(b *testing.B) {
	v := clock.NewManual(t0)
	tm := v.NewTimer(time.Second)
	b.ReportAllocs()
	for b.Loop() {
		v.Advance(time.Second)
		<-tm.C
		tm.Reset(time.Second)
	}
}
