package clock

import (
	"context"
	"time"
)

// Clock is what time-dependent code needs: the current instant and a
// context-aware sleep. Real and *Virtual implement it.
type Clock interface {
	// Now returns the current instant.
	Now() time.Time
	// Sleep returns nil once d has passed, or ctx's error if ctx ends
	// first (or has already ended).
	Sleep(ctx context.Context, d time.Duration) error
}

// Real is the wall clock. Its zero value is ready to use and it is safe for
// concurrent use.
type Real struct{}

// Compile-time checks that both clocks satisfy Clock.
var (
	_ Clock = Real{}
	_ Clock = (*Virtual)(nil)
)

// Now returns time.Now().
func (Real) Now() time.Time { return time.Now() }

// Sleep waits for d of real time, or until ctx ends, whichever comes first.
// It returns ctx's error if ctx ended first or had already ended.
func (Real) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
