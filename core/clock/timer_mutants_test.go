package clock_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/clock"
)

// TestTickerResetToZeroPanics: a zero interval is as invalid for Reset as
// for NewTicker, like time.Ticker.Reset.
func TestTickerResetToZeroPanics(t *testing.T) {
	v := clock.NewManual(t0)
	tk := v.NewTicker(time.Second)
	defer tk.Stop()
	assert.PanicsWithValue(t, "clock: non-positive interval for Ticker.Reset", func() { tk.Reset(0) })
}
