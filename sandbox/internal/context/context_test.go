package context

import (
	stdcontext "context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

type key string

func TestTimerIsNamedAsGosAndChangesNothingElse(t *testing.T) {
	deadline := time.Now().Add(time.Hour)
	inner, cancel := stdcontext.WithDeadline(stdcontext.WithValue(stdcontext.Background(), key("k"), 1), deadline)
	ctx := Timer(inner)
	assert.Equal(t, "*context.timerCtx", fmt.Sprintf("%T", ctx))
	assert.Contains(t, fmt.Sprint(ctx), "context.Background.WithValue(context.key, int).WithDeadline(")
	got, ok := ctx.Deadline()
	assert.True(t, ok)
	assert.Equal(t, deadline, got)
	assert.Equal(t, 1, ctx.Value(key("k")))
	child, cancelChild := stdcontext.WithCancel(ctx)
	defer cancelChild()
	cancel()
	<-ctx.Done()
	<-child.Done()
	assert.True(t, errors.Is(ctx.Err(), stdcontext.Canceled))
	assert.True(t, errors.Is(child.Err(), stdcontext.Canceled))
	assert.Contains(t, fmt.Sprint(child), ".WithCancel")
}
