package backoff_test

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/backoff"
)

// justBelowOne is the largest draw a source can return.
const justBelowOne = 1 - 0x1p-53

const maxDuration = time.Duration(math.MaxInt64)

func mustNew(t testing.TB, c backoff.Config) backoff.Schedule {
	t.Helper()
	s, err := backoff.New(c)
	require.NoError(t, err, "New(%+v)", c)
	return s
}

// course is the schedule used throughout the course: 0.5 s doubling to 8 s.
func course(j backoff.Jitter) backoff.Config {
	return backoff.Config{Base: 500 * time.Millisecond, Cap: 8 * time.Second, Jitter: j}
}

func TestNewValidates(t *testing.T) {
	tests := []struct {
		name    string
		config  backoff.Config
		wantErr string // empty: valid
	}{
		{"course", course(backoff.Full), ""},
		{"base equals cap", backoff.Config{Base: time.Second, Cap: time.Second}, ""},
		{"multiplier 1", backoff.Config{Base: time.Second, Cap: time.Minute, Multiplier: 1}, ""},
		{"largest cap", backoff.Config{Base: 1, Cap: maxDuration, Multiplier: 1.5}, ""},
		{"zero base", backoff.Config{Cap: time.Second}, "backoff: base must be > 0, got 0s"},
		{"negative base", backoff.Config{Base: -time.Second, Cap: time.Second}, "backoff: base must be > 0, got -1s"},
		{"cap below base", backoff.Config{Base: 2 * time.Second, Cap: time.Second}, "backoff: cap (1s) must be >= base (2s)"},
		{"zero cap", backoff.Config{Base: time.Second}, "backoff: cap (0s) must be >= base (1s)"},
		{"multiplier below 1", backoff.Config{Base: 1, Cap: 2, Multiplier: 0.5}, "backoff: multiplier must be >= 1 (or 0 for the default 2), got 0.5"},
		{"negative multiplier", backoff.Config{Base: 1, Cap: 2, Multiplier: -2}, "backoff: multiplier must be >= 1 (or 0 for the default 2), got -2"},
		{"NaN multiplier", backoff.Config{Base: 1, Cap: 2, Multiplier: math.NaN()}, "backoff: multiplier must be a finite number, got NaN"},
		{"infinite multiplier", backoff.Config{Base: 1, Cap: 2, Multiplier: math.Inf(1)}, "backoff: multiplier must be a finite number, got +Inf"},
		{"unknown jitter", backoff.Config{Base: 1, Cap: 2, Jitter: 7}, "backoff: unknown jitter Jitter(7)"},
		{"negative jitter", backoff.Config{Base: 1, Cap: 2, Jitter: -1}, "backoff: unknown jitter Jitter(-1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := backoff.New(tt.config)
			if tt.wantErr == "" {
				require.NoError(t, err, "New(%+v)", tt.config)
				return
			}
			require.Error(t, err, "New(%+v) want error %q", tt.config, tt.wantErr)
			assert.Equal(t, tt.wantErr, err.Error(), "New(%+v)", tt.config)
			assert.Equal(t, backoff.Schedule{}, s, "New(%+v) must return the zero Schedule with an error", tt.config)
		})
	}
}

func TestConfigResolvesDefaultMultiplier(t *testing.T) {
	c := course(backoff.Equal)
	got := mustNew(t, c).Config()
	want := c
	want.Multiplier = backoff.DefaultMultiplier
	assert.Equal(t, want, got, "New(%+v).Config()", c)
}

func TestJitterNames(t *testing.T) {
	tests := []struct {
		jitter backoff.Jitter
		name   string
	}{
		{backoff.None, "none"},
		{backoff.Full, "full"},
		{backoff.Equal, "equal"},
		{backoff.Decorrelated, "decorrelated"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.name, tt.jitter.String(), "Jitter(%d).String()", int(tt.jitter))
		got, err := backoff.ParseJitter(tt.name)
		require.NoError(t, err, "ParseJitter(%q)", tt.name)
		assert.Equal(t, tt.jitter, got, "ParseJitter(%q)", tt.name)
	}
	assert.Equal(t, "Jitter(9)", backoff.Jitter(9).String(), "Jitter(9).String()")
}

func TestParseJitter(t *testing.T) {
	tests := []struct {
		in      string
		want    backoff.Jitter
		wantErr string
	}{
		{" Full ", backoff.Full, ""},
		{"DECORRELATED", backoff.Decorrelated, ""},
		{"", backoff.None, `backoff: unknown jitter "" (want none, full, equal or decorrelated)`},
		{"Jitter(9)", backoff.None, `backoff: unknown jitter "Jitter(9)" (want none, full, equal or decorrelated)`},
		{"half", backoff.None, `backoff: unknown jitter "half" (want none, full, equal or decorrelated)`},
	}
	for _, tt := range tests {
		got, err := backoff.ParseJitter(tt.in)
		if tt.wantErr != "" {
			require.Error(t, err, "ParseJitter(%q) want error", tt.in)
			assert.Equal(t, tt.wantErr, err.Error(), "ParseJitter(%q)", tt.in)
			continue
		}
		require.NoError(t, err, "ParseJitter(%q)", tt.in)
		assert.Equal(t, tt.want, got, "ParseJitter(%q)", tt.in)
	}
}

func TestExponential(t *testing.T) {
	const s = time.Second
	tests := []struct {
		name    string
		config  backoff.Config
		attempt int
		want    time.Duration
	}{
		{"course attempt 0 counts as 1", course(backoff.None), 0, s / 2},
		{"course negative attempt", course(backoff.None), -5, s / 2},
		{"course attempt 1", course(backoff.None), 1, s / 2},
		{"course attempt 2", course(backoff.None), 2, s},
		{"course attempt 3", course(backoff.None), 3, 2 * s},
		{"course attempt 4", course(backoff.None), 4, 4 * s},
		{"course attempt 5", course(backoff.None), 5, 8 * s},
		{"course attempt 6 capped", course(backoff.None), 6, 8 * s},
		{"course attempt 64", course(backoff.None), 64, 8 * s},
		{"course attempt 10000", course(backoff.None), 10_000, 8 * s},
		{"course attempt MaxInt", course(backoff.None), math.MaxInt, 8 * s},
		{"cap between steps", backoff.Config{Base: s, Cap: 5 * s}, 4, 5 * s},
		{"doubling 1ns to the largest cap", backoff.Config{Base: 1, Cap: maxDuration}, 63, 1 << 62},
		{"doubling 1ns past the largest cap", backoff.Config{Base: 1, Cap: maxDuration}, 64, maxDuration},
		{"doubling 1ns at MaxInt", backoff.Config{Base: 1, Cap: maxDuration}, math.MaxInt, maxDuration},
		{"multiplier 1.5 attempt 3", backoff.Config{Base: s, Cap: time.Minute, Multiplier: 1.5}, 3, 2250 * time.Millisecond},
		{"multiplier 1.5 capped", backoff.Config{Base: s, Cap: 3 * s, Multiplier: 1.5}, 4, 3 * s},
		{"multiplier 3 attempt 3", backoff.Config{Base: s, Cap: time.Minute, Multiplier: 3}, 3, 9 * s},
		{"multiplier 1.5 largest cap at 10000", backoff.Config{Base: 1, Cap: maxDuration, Multiplier: 1.5}, 10_000, maxDuration},
		{"multiplier 1.5 largest cap at MaxInt", backoff.Config{Base: 1, Cap: maxDuration, Multiplier: 1.5}, math.MaxInt, maxDuration},
		{"multiplier 1 stays at base", backoff.Config{Base: s, Cap: time.Minute, Multiplier: 1}, math.MaxInt, s},
		{"base equals cap", backoff.Config{Base: s, Cap: s}, 9, s},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustNew(t, tt.config).Exponential(tt.attempt)
			assert.Equal(t, tt.want, got, "config %+v: Exponential(%d) want %v got %v", tt.config, tt.attempt, tt.want, got)
		})
	}
}

func TestZeroScheduleReturnsZero(t *testing.T) {
	var s backoff.Schedule
	for _, attempt := range []int{0, 1, 2, 100, math.MaxInt} {
		assert.Zero(t, s.Exponential(attempt), "zero Schedule: Exponential(%d)", attempt)
		assert.Zero(t, s.Delay(attempt, time.Second, 0.5), "zero Schedule: Delay(%d, 1s, 0.5)", attempt)
		assert.Zero(t, s.Iter(nil).Next(), "zero Schedule: Iter(nil).Next()")
	}
}
