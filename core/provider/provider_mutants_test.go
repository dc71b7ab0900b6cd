package provider_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/provider"
)

// TestZeroLatencyDoesNotWait: a step without Latency answers at once;
// Settings.Sleep is asked to wait only for steps that have one.
func TestZeroLatencyDoesNotWait(t *testing.T) {
	var waits []time.Duration
	p, err := provider.New([]provider.Step{
		{Status: 200},
		{Err: provider.ErrConnectionReset},
		{Status: 503, Latency: 2 * time.Second},
	}, provider.Settings{Sleep: func(_ context.Context, d time.Duration) error {
		waits = append(waits, d)
		return nil
	}})
	require.NoError(t, err)
	resp, err := p.Call(context.Background(), provider.Request{Method: "GET", Path: "/"})
	require.NoError(t, err)
	assert.Equal(t, 200, resp.Status)
	_, err = p.Call(context.Background(), provider.Request{Method: "GET", Path: "/"})
	assert.True(t, errors.Is(err, provider.ErrConnectionReset), "second call: %v", err)
	assert.Empty(t, waits, "waits after two steps without latency")
	resp, err = p.Call(context.Background(), provider.Request{Method: "GET", Path: "/"})
	require.NoError(t, err)
	assert.Equal(t, 503, resp.Status)
	assert.Equal(t, []time.Duration{2 * time.Second}, waits, "waits after a step with latency")
}
