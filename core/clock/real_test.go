package clock_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/clock"
)

func TestReal(t *testing.T) {
	var c clock.Clock = clock.Real{}
	before := time.Now()
	now := c.Now()
	assert.False(t, now.Before(before), "Real.Now reads the wall clock")

	assert.NoError(t, c.Sleep(context.Background(), 0))
	assert.NoError(t, c.Sleep(context.Background(), time.Microsecond))

	ended, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, c.Sleep(ended, time.Hour), context.Canceled, "already ended")

	ctx, cancel := context.WithCancel(context.Background())
	go cancel()
	assert.ErrorIs(t, c.Sleep(ctx, time.Hour), context.Canceled, "ends midway")
}
