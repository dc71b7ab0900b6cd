package site

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The opening tables write numbers as the page does (js/storm-draw.js and
// its test hold the same cases).
func TestStormFormats(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1\u2009000"}, {207659, "207\u2009659"}, {1234567, "1\u2009234\u2009567"}} {
		assert.Equal(t, c.want, grouped(c.n), "grouped(%d)", c.n)
	}
	for _, c := range []struct {
		ms   int
		want string
	}{{0, "0.0 s"}, {4330, "4.3 s"}, {9949, "9.9 s"}, {63270, "63 s"}, {119400, "119 s"}, {120000, "2.0 min"}, {150000, "2.5 min"}} {
		assert.Equal(t, c.want, seconds(time.Duration(c.ms)*time.Millisecond), "seconds(%d ms)", c.ms)
	}
}

// TestStormOpeningTables: the tables a page shows before its runtime is
// ready tell the study's story: full jitter needs less than half the writes
// of exponential backoff.
func TestStormOpeningTables(t *testing.T) {
	tab, err := buildStormTables()
	assert.NoError(t, err)
	assert.Len(t, tab.Contention, len(stormContentionStrategies))
	assert.Len(t, tab.Overload, len(stormOverloadStrategies))
	assert.Equal(t, []string{"1\u2009836", "60 s"}, tab.Contention["exponential"].Cells, "exponential at 100 clients, seed 1")
	assert.Equal(t, []string{"790", "4.3 s"}, tab.Contention["full-jitter"].Cells, "full jitter at 100 clients, seed 1")
}
