// Package context names the contexts a run's virtual clock makes as Go's
// context package names its own: the deadline contexts of WithDeadline,
// WithTimeout and their Cause variants are *clock.deadlineCtx or the
// sandbox's own type, where go run's are *context.timerCtx, and %T of one
// shows the difference. The package is named context so that %T of its
// timerCtx names it as Go does.
package context

import (
	stdcontext "context"
	"fmt"
)

// timerCtx is a deadline context under Go's name for one. It adds
// nothing: every method is the wrapped context's.
type timerCtx struct{ stdcontext.Context }

// String is the wrapped context's, which says how it was made as Go's
// does ("context.Background.WithDeadline(...)").
func (c *timerCtx) String() string {
	if s, ok := c.Context.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", c.Context)
}

// Timer returns ctx, a deadline context, named *context.timerCtx.
func Timer(ctx stdcontext.Context) stdcontext.Context { return &timerCtx{ctx} }
