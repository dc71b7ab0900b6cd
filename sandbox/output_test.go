package sandbox

import (
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chunks records streamed output.
type chunks struct {
	mu           sync.Mutex
	out, errs    []string
	stdoutBefore int // stdout chunks seen when the first stderr chunk came
}

func (c *chunks) options() Options {
	return Options{
		Stdout: func(s string) { c.mu.Lock(); c.out = append(c.out, s); c.mu.Unlock() },
		Stderr: func(s string) {
			c.mu.Lock()
			if len(c.errs) == 0 {
				c.stdoutBefore = len(c.out)
			}
			c.errs = append(c.errs, s)
			c.mu.Unlock()
		},
	}
}

func TestOutputIsStreamedAsProduced(t *testing.T) {
	var c chunks
	src := "for i := 0; i < 3; i++ {\n\tfmt.Println(\"line\", i)\n\ttime.Sleep(time.Second)\n}\nprintln(\"to stderr\")\n"
	res := runSource(t, src, c.options())
	requireSuccess(t, src, res)
	assert.Equal(t, []string{"line 0\n", "line 1\n", "line 2\n"}, c.out, "one chunk per write, in order")
	assert.Equal(t, []string{"to stderr\n"}, c.errs)
	assert.Equal(t, 3, c.stdoutBefore, "stderr came after the three stdout lines")
	assert.Equal(t, strings.Join(c.out, ""), res.Stdout, "the result holds what was streamed")
	assert.Equal(t, "to stderr\n", res.Stderr, "stdout and stderr are captured apart")
}

func TestOutputIsCapped(t *testing.T) {
	cases := []struct {
		name, src string
		limit     int
	}{
		{"endless loop", "for {\n\tfmt.Println(\"spam spam spam\")\n}\n", 1000},
		{"one huge write", "fmt.Print(strings.Repeat(\"é\", 5000))\n", 1001},
		{"default cap", "s := strings.Repeat(\"x\", 64*1024)\nfor {\n\tfmt.Print(s)\n}\n", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var c chunks
			opts := c.options()
			opts.MaxOutput = tc.limit
			limit := tc.limit
			if limit == 0 {
				limit = DefaultMaxOutput
			}
			start := time.Now()
			res := runSource(t, tc.src, opts)
			// Without the cap the loop never ends: a minute only catches a hang.
			assert.Less(t, time.Since(start), time.Minute, "a capped program is stopped")
			assert.True(t, res.Truncated, "source:\n%s\nwant truncated", tc.src)
			require.NotNil(t, res.Err, "source:\n%s\nwant the run stopped", tc.src)
			assert.Equal(t, KindRuntime, res.Err.Kind)
			assert.Contains(t, res.Err.Message, "printed more than")
			note := "\n[output truncated: the program printed more than " + byteSize(limit) + "]\n"
			assert.True(t, strings.HasSuffix(res.Stdout, note), "stdout ends with the note; its tail is %q", tail(res.Stdout))
			body := strings.TrimSuffix(res.Stdout, note)
			assert.LessOrEqual(t, len(body), limit, "at most the cap is kept")
			assert.Greater(t, len(body), limit-8, "up to the cap is kept")
			assert.True(t, strings.ToValidUTF8(body, "?") == body, "no character is split")
			assert.Equal(t, res.Stdout, strings.Join(c.out, ""), "the note is streamed too")
		})
	}
}

func tail(s string) string {
	if len(s) > 80 {
		return s[len(s)-80:]
	}
	return s
}

func TestGoroutinesStopWhenMainReturns(t *testing.T) {
	skipUnderRace(t)
	src := "go func() {\n\tfor {\n\t\tfmt.Println(\"tick\")\n\t\ttime.Sleep(time.Second)\n\t}\n}()\ntime.Sleep(3500 * time.Millisecond)\nfmt.Println(\"done\")\n"
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	assert.Equal(t, "tick\ntick\ntick\ntick\ndone\n", res.Stdout, "source:\n%s", src)
	assert.Equal(t, 3500*time.Millisecond, res.VirtualElapsed)
}

func TestTimeoutStopsARunawayProgram(t *testing.T) {
	if raceDetector {
		t.Skip("slow under the race detector")
	}
	if runtime.GOOS == "js" {
		t.Skip("without preemption a busy loop cannot be stopped from inside the wasm runtime; the page's watchdog does it")
	}
	src := "n := 0\nfor {\n\tn++\n}\n"
	start := time.Now()
	res := runSource(t, src, Options{Timeout: 100 * time.Millisecond})
	assert.Less(t, time.Since(start), 30*time.Second, "a 100 ms limit must stop the loop; the bound is generous because the machine may be busy")
	require.NotNil(t, res.Err)
	assert.Equal(t, KindRuntime, res.Err.Kind)
	assert.Contains(t, res.Err.Message, "time limit")
}
