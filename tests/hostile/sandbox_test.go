package hostile

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox"
)

// endlessLimit is the time limit of a run that never ends on its own.
const endlessLimit = 500 * time.Millisecond

// recorder is a run's output callback that notices being called after
// the run returned.
type recorder struct {
	mu   sync.Mutex
	done bool
	late []string
}

func (r *recorder) write(chunk string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		r.late = append(r.late, chunk)
	}
}

func (r *recorder) finish() {
	r.mu.Lock()
	r.done = true
	r.mu.Unlock()
}

func (r *recorder) lateChunks() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.late
}

// summary is what the innocent program's runs are compared on.
func summary(res sandbox.Result) string {
	var b strings.Builder
	b.WriteString("stdout:\n" + res.Stdout + "stderr:\n" + res.Stderr)
	if res.Err != nil {
		b.WriteString("error: " + string(res.Err.Kind) + ": " + res.Err.Error() + "\n")
	}
	return b.String()
}

func TestHostileCasesAreWellFormed(t *testing.T) {
	cases := Cases()
	require.GreaterOrEqual(t, len(cases), 15, "hostile programs")
	for _, c := range cases {
		assert.Contains(t, c.Source, "package main", "%s: a program", c.Name)
	}
	_, err := parse("bad", "// want: x\npackage main\n")
	assert.ErrorContains(t, err, "clean: yes or clean: no", "a header without clean:")
	_, err = parse("bad", "// clean: yes\npackage main\n")
	assert.ErrorContains(t, err, "want:", "a header without want:")
	c, err := parse("ok", "// A comment: with a colon.\n//\n// want: a: b\n// clean: no\n// realtime: yes\n// endless: yes\n// busy: yes\npackage main\n// want: ignored\n")
	require.NoError(t, err)
	assert.Equal(t, Case{Name: "ok", Source: c.Source, Want: "a: b", RealTime: true, Endless: true, Busy: true}, c)
}

// TestHostileProgramsLeaveNothingBehind runs each hostile program and then
// the innocent one, whose output must be what it is on a fresh runtime.
func TestHostileProgramsLeaveNothingBehind(t *testing.T) {
	if raceEnabled {
		t.Skip("the interpreter's goroutines trip the race detector (see raceEnabled)")
	}
	innocent := Innocent()
	fresh := sandbox.Run(context.Background(), innocent, sandbox.Options{})
	require.Nil(t, fresh.Err, "the innocent program on a fresh runtime: %v\n%s", fresh.Err, fresh.Stderr)
	require.Empty(t, fresh.Leftover, "the innocent program leaves nothing behind")
	want := summary(fresh)

	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) {
			if c.Busy && runtime.GOOS == "js" {
				t.Skip("under GOOS=js a goroutine that never blocks keeps the only thread; the page's watchdog stops it (tests/browser)")
			}
			run := func() (*recorder, sandbox.Result) {
				rec := &recorder{}
				opts := sandbox.Options{RealTime: c.RealTime, Stdout: rec.write, Stderr: rec.write, MaxOutput: 64 << 10}
				// Every run has a limit, so that one that should end on its
				// own and does not fails here instead of hanging the test.
				opts.Timeout = time.Minute
				if c.Endless {
					opts.Timeout = endlessLimit
				}
				res := sandbox.Run(context.Background(), c.Source, opts)
				rec.finish()
				return rec, res
			}
			rec, res := run()
			if c.Clean && res.Leftover != "" {
				// The engine waits a while for the program's goroutines
				// to unwind, then reports the rest as left behind (the
				// host discards the process: safe, but not clean). On a
				// machine loaded past what that wait allows (a CI run at
				// a load of 13 saw one of 12_output_flood's five printing
				// goroutines not unwound in time) the run is tried once
				// more; a program that always leaves something fails.
				t.Logf("%s: not clean on the first run (%s); running it again", c.Name, res.Leftover)
				rec, res = run()
			}
			if c.Want != "" {
				got := res.Stdout + res.Stderr
				if res.Err != nil {
					got += res.Err.Message
				}
				assert.Contains(t, got, c.Want, "%s: the hostile run's output and error", c.Name)
			}
			if c.Endless {
				require.NotNil(t, res.Err, "%s: want the time limit to stop it", c.Name)
				assert.Contains(t, res.Err.Message, "time limit", "%s: error", c.Name)
			}
			if c.Clean {
				assert.Empty(t, res.Leftover, "%s: want a clean end", c.Name)
			} else {
				assert.NotEmpty(t, res.Leftover, "%s: want the run reported as not clean", c.Name)
			}

			got := sandbox.Run(context.Background(), innocent, sandbox.Options{})
			assert.Equal(t, want, summary(got), "%s: the innocent program after it, want (fresh) vs got", c.Name)
			assert.Empty(t, got.Leftover, "%s: the innocent program after it leaves nothing behind", c.Name)
			if c.RealTime {
				// Its timers would have fired by now.
				time.Sleep(100 * time.Millisecond)
			}
			assert.Empty(t, rec.lateChunks(), "%s: output delivered after the run returned", c.Name)
		})
	}
}
