package clock

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestSettleRounds drives the quiescence rule one round at a time (the
// test rule: 3 quiet rounds, a yield budget of 4 rounds with activity and
// 2 busy rounds before napping, a CPU cap of 100ms) and checks after which
// round it returns, what it yields and naps, and what it reports.
func TestSettleRounds(t *testing.T) {
	now := func(s *script) func() { return func() { s.v.Now() } }
	cases := []struct {
		name      string
		setup     func(s *script)
		patience  time.Duration
		wantTrace string
		wantOK    bool
	}{
		{
			name:      "quiet at once: the quiet rounds decide",
			wantTrace: "[y y y]",
			wantOK:    true,
		},
		{
			name: "the real-time grace decides when it ends after the quiet rounds",
			setup: func(s *script) {
				s.wallStep = 4 * time.Microsecond
				s.v.rule.quietGrace = 12 * time.Microsecond // from round 1: met at round 4
			},
			wantTrace: "[y y y y]",
			wantOK:    true,
		},
		{
			name:      "clock activity starts the quiet count again",
			setup:     func(s *script) { s.steps = every(1, 2, now(s)) },
			wantTrace: "[y y y y y]",
			wantOK:    true,
		},
		{
			name: "a goroutine still waking counts as activity",
			setup: func(s *script) {
				s.steps = map[int]func(){
					1: func() { s.v.waking.Add(1) },
					3: func() { s.v.waking.Add(-1) },
				}
			},
			wantTrace: "[y y y y y]", // quiet from round 3
			wantOK:    true,
		},
		{
			name:      "a long busy spell turns yields into naps",
			setup:     func(s *script) { s.steps = every(1, 6, now(s)) },
			wantTrace: "[y y y y n1ms n1ms n1ms y y]",
			wantOK:    true,
		},
		{
			name:      "others running while the clock is quiet: waited for",
			setup:     func(s *script) { s.busy = func(n int) bool { return n < 6 } },
			wantTrace: "[y y y y n1ms n1ms]",
			wantOK:    true,
		},
		{
			name: "others running for ever: waited for until they spent the CPU cap",
			setup: func(s *script) {
				s.busy = func(int) bool { return true }
				s.cpuStep = 10 * time.Millisecond // quiet from round 1: 100ms spent at round 11
			},
			wantTrace: "[y y y y n1ms n1ms n1ms n1ms n1ms n1ms n1ms]",
			wantOK:    true,
		},
		{
			name: "others running while no CPU time passes: waited for",
			setup: func(s *script) {
				s.busy = func(n int) bool { return n < 30 }
				s.wallStep = time.Second // real time alone never ends the wait
			},
			wantTrace: "[y y y y" + repeat(" n1ms", 26) + "]",
			wantOK:    true,
		},
		{
			name: "patience caps a clock that never goes quiet",
			setup: func(s *script) {
				s.steps = every(1, 40, now(s))
				s.cpuStep = 10 * time.Millisecond
			},
			patience:  50 * time.Millisecond,
			wantTrace: "[y y y y n1ms]",
			wantOK:    true,
		},
		{
			name: "without patience CPU time alone does not end the wait",
			setup: func(s *script) {
				s.steps = every(1, 6, now(s))
				s.cpuStep = time.Hour
			},
			wantTrace: "[y y y y n1ms n1ms n1ms y y]",
			wantOK:    true,
		},
		{
			name: "stop ends the wait",
			setup: func(s *script) {
				s.steps = every(1, 40, now(s))
				s.limit = 3
			},
			wantTrace: "[y y y]",
			wantOK:    false,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newScript(nil)
			s.stop = make(chan struct{})
			if tc.setup != nil {
				tc.setup(s)
			}
			seen, ok := s.v.settle(s.stop, tc.patience)
			assert.Equal(t, tc.wantTrace, s.trace(), "rounds")
			assert.Equal(t, tc.wantOK, ok, "settle's ok after %s", s.trace())
			if tc.wantOK {
				assert.False(t, s.ranOut, "the script ran out")
				assert.Equal(t, s.v.activity.Load(), seen, "the activity count it saw last")
			}
		})
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}
