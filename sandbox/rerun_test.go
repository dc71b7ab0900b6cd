package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// numberlessSources panic with run-time errors whose numbers only the
// second, instrumented run finds.
var numberlessSources = []struct {
	src, exact string
}{
	{"package main\n\nfunc main() {\n\tvar a []int\n\ti := 5\n\t_ = a[i]\n}\n", "runtime error: index out of range [5] with length 0"},
	{"package main\n\nfunc main() {\n\ta := make([]int, 2)\n\tj := 7\n\t_ = a[1:j]\n}\n", "runtime error: slice bounds out of range [:7] with capacity 2"},
}

// TestRuntimeErrorNumbersComeFromTheSecondRun: with its usual limit the
// second run gives Go's message, numbers and all.
func TestRuntimeErrorNumbersComeFromTheSecondRun(t *testing.T) {
	for _, c := range numberlessSources {
		res := runSource(t, c.src, Options{})
		if assert.NotNil(t, res.Err, c.src) {
			assert.Equal(t, "panic: "+c.exact, res.Err.Message)
			assert.True(t, strings.HasPrefix(res.Stderr, "panic: "+c.exact+"\n\n"), "stderr:\n%s", res.Stderr)
			assert.Equal(t, 2, res.ExitCode)
		}
	}
}

// TestRuntimeErrorWithoutItsNumbersSaysSo: when the reruns cannot give
// the numbers (they are given no time at all here, as on a machine too
// loaded for them to finish; a run on the wall clock is not run again),
// the message says they are missing: the numberless "index out of range"
// alone would pass for Go's message, which has them. Before, a loaded
// machine (16 runs in 400 at a load of 38) and a program that computed
// for a while before it panicked (a fifth of a second of indexing in a
// loop: its rerun checked every index) got the numberless message.
func TestRuntimeErrorWithoutItsNumbersSaysSo(t *testing.T) {
	saved := rerunLimit
	t.Cleanup(func() { rerunLimit = saved })
	for _, tc := range []struct {
		name string
		line int                                     // the error's line; 0: unknown
		f    func(time.Duration, bool) time.Duration // rerunLimit
	}{
		{"no rerun finishes", 0, func(time.Duration, bool) time.Duration { return 0 }},
		{"the checked rerun does not finish", 6, func(first time.Duration, numbers bool) time.Duration {
			if numbers {
				return 0
			}
			return saved(first, numbers)
		}},
	} {
		rerunLimit = tc.f
		for _, c := range numberlessSources {
			for _, opts := range []Options{{}, {RealTime: true}} {
				res := runSource(t, c.src, opts)
				if !assert.NotNil(t, res.Err, c.src) {
					continue
				}
				numberless, _, _ := strings.Cut(c.exact, " [")
				want := "panic: " + numberless + numberlessNote
				assert.Equal(t, KindPanic, res.Err.Kind)
				assert.Equal(t, want, res.Err.Message, "%s, real time %v", tc.name, opts.RealTime)
				assert.True(t, strings.HasPrefix(res.Stderr, want+"\n\n"), "stderr:\n%s", res.Stderr)
				assert.Equal(t, 2, res.ExitCode, "a panic's exit status, as go run's")
				if !opts.RealTime {
					assert.Equal(t, tc.line, res.Err.Line, "%s: the line", tc.name)
				}
			}
		}
	}
}
