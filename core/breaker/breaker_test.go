package breaker

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

func TestNewValidates(t *testing.T) {
	tests := []struct {
		name string
		s    Settings
		want string // "" = valid
	}{
		{"zero settings", Settings{}, "breaker: Threshold must be >= 1, got 0"},
		{"negative threshold", Settings{Threshold: -2}, "breaker: Threshold must be >= 1, got -2"},
		{"minimal", Settings{Threshold: 1}, ""},
		{"negative cooldown", Settings{Threshold: 1, Cooldown: -time.Second}, "breaker: Cooldown must be >= 0, got -1s"},
		{"negative probes", Settings{Threshold: 1, Probes: -1}, "breaker: Probes must be >= 0, got -1"},
		{"negative min calls", Settings{Threshold: 1, MinCalls: -1}, "breaker: MinCalls must be >= 0, got -1"},
		{"negative window", Settings{Threshold: 1, MinCalls: 1, FailureRate: 0.5, Window: -time.Second}, "breaker: Window must be >= 0, got -1s"},
		{"NaN rate", Settings{Threshold: 1, MinCalls: 1, FailureRate: math.NaN()}, "breaker: FailureRate must be in [0, 1], got NaN"},
		{"rate above 1", Settings{Threshold: 1, MinCalls: 1, FailureRate: 1.5}, "breaker: FailureRate must be in [0, 1], got 1.5"},
		{"negative rate", Settings{Threshold: 1, MinCalls: 1, FailureRate: -0.1}, "breaker: FailureRate must be in [0, 1], got -0.1"},
		{"rate without min calls", Settings{Threshold: 1, FailureRate: 0.5}, "breaker: MinCalls must be >= 1 when FailureRate or Window is set, got 0"},
		{"window without min calls", Settings{Threshold: 1, Window: time.Minute}, "breaker: MinCalls must be >= 1 when FailureRate or Window is set, got 0"},
		{"min calls without rate", Settings{Threshold: 1, MinCalls: 10}, "breaker: FailureRate must be > 0 when MinCalls is set, got 0"},
		{"rate rule", Settings{Threshold: 5, MinCalls: 10, FailureRate: 0.5, Window: time.Minute}, ""},
		{"rate rule default window", Settings{Threshold: 5, MinCalls: 10, FailureRate: 1}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := New(tt.s)
			if tt.want == "" {
				require.NoError(t, err, "New(%+v)", tt.s)
				assert.NotNil(t, b)
				return
			}
			require.Error(t, err, "New(%+v): want error %q", tt.s, tt.want)
			assert.Equal(t, tt.want, err.Error(), "New(%+v)", tt.s)
			assert.Nil(t, b)
		})
	}
}

func TestStateString(t *testing.T) {
	for s, want := range map[State]string{Closed: "closed", Open: "open", HalfOpen: "half-open", State(7): "State(7)"} {
		assert.Equal(t, want, s.String(), "State(%d).String()", int(s))
	}
}

// step makes one call at t0+at: Allow, and if allowed Record(ok). Then it
// checks the state.
type step struct {
	at        time.Duration
	ok        bool
	wantErr   error // error expected from Allow
	wantState State
}

func runSteps(t *testing.T, s Settings, steps []step) {
	t.Helper()
	b, err := New(s)
	require.NoError(t, err)
	for i, st := range steps {
		tk, err := b.AllowAt(at(st.at))
		require.ErrorIs(t, err, st.wantErr, "step %d at +%v: Allow error want %v got %v", i, st.at, st.wantErr, err)
		if err == nil {
			b.RecordAt(at(st.at), tk, st.ok)
		}
		got := b.StateAt(at(st.at))
		require.Equal(t, st.wantState, got, "step %d at +%v ok=%v: state want %v got %v", i, st.at, st.ok, st.wantState, got)
	}
}

func TestTransitions(t *testing.T) {
	const ok, fail = true, false
	tests := []struct {
		name  string
		s     Settings
		steps []step
	}{
		{"threshold 1 opens on first failure", Settings{Threshold: 1, Cooldown: time.Second}, []step{
			{0, fail, nil, Open},
			{500 * time.Millisecond, ok, ErrOpen, Open},
		}},
		{"success resets the consecutive count", Settings{Threshold: 3, Cooldown: time.Second}, []step{
			{0, fail, nil, Closed},
			{1, fail, nil, Closed},
			{2, ok, nil, Closed},
			{3, fail, nil, Closed},
			{4, fail, nil, Closed},
			{5, fail, nil, Open},
		}},
		{"probe success closes", Settings{Threshold: 2, Cooldown: 10 * time.Second}, []step{
			{0, fail, nil, Closed},
			{0, fail, nil, Open},
			{9 * time.Second, ok, ErrOpen, Open},
			{10 * time.Second, ok, nil, Closed},
			{10 * time.Second, fail, nil, Closed},
		}},
		{"probe failure reopens for another cooldown", Settings{Threshold: 1, Cooldown: 10 * time.Second}, []step{
			{0, fail, nil, Open},
			{10 * time.Second, fail, nil, Open},
			{19 * time.Second, ok, ErrOpen, Open},
			{20 * time.Second, ok, nil, Closed},
		}},
		{"default cooldown is 30s", Settings{Threshold: 1}, []step{
			{0, fail, nil, Open},
			{30*time.Second - 1, ok, ErrOpen, Open},
			{30 * time.Second, ok, nil, Closed},
		}},
		{"failure rate opens before the streak does", Settings{Threshold: 100, MinCalls: 4, FailureRate: 0.5, Window: 10 * time.Second}, []step{
			{0, fail, nil, Closed},
			{time.Second, ok, nil, Closed},
			{2 * time.Second, fail, nil, Closed}, // 2/3 failed but only 3 calls
			{3 * time.Second, ok, nil, Closed},   // 2/4: a success never trips
			{4 * time.Second, fail, nil, Open},   // 3/5
		}},
		{"failure rate forgets calls that left the window", Settings{Threshold: 100, MinCalls: 4, FailureRate: 0.5, Window: 10 * time.Second}, []step{
			{0, fail, nil, Closed},
			{0, fail, nil, Closed},
			{0, fail, nil, Closed},
			{10 * time.Second, ok, nil, Closed},
			{10 * time.Second, ok, nil, Closed},
			{11 * time.Second, fail, nil, Closed}, // 1/3: the first three are gone
			{11 * time.Second, ok, nil, Closed},   // 1/4
			{12 * time.Second, fail, nil, Closed}, // 2/5
			{12 * time.Second, fail, nil, Open},   // 3/6
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { runSteps(t, tt.s, tt.steps) })
	}
}
