package provider_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/provider"
)

// sleeper is an injected Sleep that never sleeps: it adds up the time it was
// asked to wait, and fails like a deadline once budget (if set) is spent.
type sleeper struct {
	mu     sync.Mutex
	slept  time.Duration
	budget time.Duration
}

func (s *sleeper) Sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.budget > 0 && s.slept+d > s.budget {
		s.slept = s.budget
		return context.DeadlineExceeded
	}
	s.slept += d
	return ctx.Err()
}

func TestNewValidates(t *testing.T) {
	tests := []struct {
		name    string
		script  []provider.Step
		wantErr string
	}{
		{"nil script", nil, ""},
		{"statuses at the bounds", []provider.Step{{Status: 0}, {Status: 200}, {Status: 599}}, ""},
		{"status too low", []provider.Step{{}, {Status: 199}}, "provider: script[1].Status must be 0 or in 200..599, got 199"},
		{"status too high", []provider.Step{{Status: 600}}, "provider: script[0].Status must be 0 or in 200..599, got 600"},
		{"negative status", []provider.Step{{Status: -1}}, "provider: script[0].Status must be 0 or in 200..599, got -1"},
		{"negative latency", []provider.Step{{}, {}, {Latency: -time.Millisecond}}, "provider: script[2].Latency must be >= 0, got -1ms"},
	}
	for _, tt := range tests {
		p, err := provider.New(tt.script, provider.Settings{})
		if tt.wantErr == "" {
			require.NoError(t, err, "%s: New(%+v)", tt.name, tt.script)
			require.NotNil(t, p)
			continue
		}
		require.EqualError(t, err, tt.wantErr, "%s: New(%+v)", tt.name, tt.script)
		assert.Nil(t, p, tt.name)
	}
}

func TestScript(t *testing.T) {
	s429 := provider.Step{Status: 429, Header: map[string]string{"Retry-After": "2"}}
	s500 := provider.Step{Status: 500}
	tests := []struct {
		name       string
		script     []provider.Step
		repeatLast bool
		want       []int // statuses of successive calls
	}{
		{"empty script answers 200", nil, false, []int{200, 200}},
		{"empty script with RepeatLast answers 200", nil, true, []int{200}},
		{"plays in order then 200", []provider.Step{s429, s500, {}}, false, []int{429, 500, 200, 200}},
		{"after the script: 200", []provider.Step{s500}, false, []int{500, 200, 200}},
		{"after the script: repeat last", []provider.Step{s429, s500}, true, []int{429, 500, 500, 500}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := provider.New(tt.script, provider.Settings{RepeatLast: tt.repeatLast})
			require.NoError(t, err)
			got := make([]int, len(tt.want))
			for i := range tt.want {
				resp, err := p.Call(context.Background(), provider.Request{Method: "GET", Path: "/"})
				require.NoError(t, err, "call %d", i+1)
				got[i] = resp.Status
			}
			assert.Equal(t, tt.want, got, "statuses of %d calls", len(tt.want))
			assert.Equal(t, len(tt.want), p.Calls())
		})
	}
}

func TestResponseGet(t *testing.T) {
	resp := provider.Response{Header: map[string]string{
		"Retry-After": "2", "retry-after-ms": "1500", "X-A": "upper", "x-a": "lower", "X-b": "mixed", "x-B": "other",
	}}
	tests := []struct{ name, want string }{
		{"Retry-After", "2"},
		{"retry-after", "2"},
		{"RETRY-AFTER", "2"},
		{"Retry-After-Ms", "1500"},
		{"X-A", "upper"},     // exact match wins
		{"x-a", "lower"},     // exact match wins
		{"X-B", "mixed"},     // no exact match: "X-b" sorts before "x-B"
		{"Missing", ""},      // absent
		{"Retry-After ", ""}, // names are not trimmed
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, resp.Get(tt.name), "Get(%q)", tt.name)
	}
	assert.Equal(t, "", provider.Response{}.Get("Retry-After"), "Get on a nil header")

	var h interface{ Get(string) string } = resp
	assert.Equal(t, "2", h.Get("retry-after"), "Response satisfies interface{ Get(string) string }")
}

func TestTransportErrors(t *testing.T) {
	custom := errors.New("dns: no such host")
	tests := []struct {
		name        string
		step        provider.Step
		wantErr     error
		wantTimeout bool // only for errors with a Timeout method
		wantStatus  int  // in the log
		wantEffects int
	}{
		{"timeout", provider.Step{Err: provider.ErrTimeout}, provider.ErrTimeout, true, 0, 0},
		{"reset", provider.Step{Err: provider.ErrConnectionReset}, provider.ErrConnectionReset, false, 0, 0},
		{"custom", provider.Step{Err: custom, Status: 200}, custom, false, 0, 0},
		{"dropped response", provider.Step{DropResponse: true}, provider.ErrResponseLost, true, 200, 1},
		{"dropped with custom error", provider.Step{DropResponse: true, Err: provider.ErrConnectionReset}, provider.ErrConnectionReset, false, 200, 1},
		{"dropped failure", provider.Step{DropResponse: true, Status: 500}, provider.ErrResponseLost, true, 500, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := provider.New([]provider.Step{tt.step}, provider.Settings{})
			require.NoError(t, err)
			resp, err := p.Call(context.Background(), provider.Request{Method: "POST", Path: "/charges"})
			require.ErrorIs(t, err, tt.wantErr)
			assert.Equal(t, provider.Response{}, resp, "response with an error")
			var te interface{ Timeout() bool }
			if errors.As(err, &te) {
				assert.Equal(t, tt.wantTimeout, te.Timeout(), "%v.Timeout()", err)
			}
			assert.Equal(t, tt.wantEffects, p.SideEffects(), "SideEffects")
			log := p.Log()
			require.Len(t, log, 1)
			assert.Equal(t, tt.wantStatus, log[0].Status, "logged status")
			assert.Equal(t, tt.wantErr, log[0].Err, "logged error")
		})
	}
	for _, err := range []error{provider.ErrTimeout, provider.ErrConnectionReset, provider.ErrResponseLost} {
		assert.Regexp(t, "^provider: ", err.Error())
	}
}

func TestSideEffectsNeed2xx(t *testing.T) {
	for _, status := range []int{200, 201, 204, 299, 300, 400, 409, 429, 500, 503} {
		p, err := provider.New([]provider.Step{{Status: status}}, provider.Settings{})
		require.NoError(t, err)
		resp, err := p.Call(context.Background(), provider.Request{Method: "POST"})
		require.NoError(t, err)
		assert.Equal(t, status, resp.Status)
		want := 0
		if status < 300 {
			want = 1
		}
		assert.Equal(t, want, p.SideEffects(), "SideEffects after one call answered %d", status)
	}
}

func TestLatency(t *testing.T) {
	tests := []struct {
		name        string
		step        provider.Step
		budget      time.Duration // deadline, as time the sleeper grants; 0 = none
		wantErr     error
		wantSlept   time.Duration
		wantStatus  int // in the log
		wantEffects int
	}{
		{"latency is waited", provider.Step{Latency: 3 * time.Second}, 0, nil, 3 * time.Second, 200, 1},
		{"within the deadline", provider.Step{Latency: 3 * time.Second}, 5 * time.Second, nil, 3 * time.Second, 200, 1},
		{"deadline first: the server still does the work", provider.Step{Latency: 5 * time.Second}, 2 * time.Second, context.DeadlineExceeded, 2 * time.Second, 200, 1},
		{"deadline first: StopOnCancel", provider.Step{Latency: 5 * time.Second, StopOnCancel: true}, 2 * time.Second, context.DeadlineExceeded, 2 * time.Second, 0, 0},
		{"transport error after latency", provider.Step{Latency: time.Second, Err: provider.ErrTimeout}, 0, provider.ErrTimeout, time.Second, 0, 0},
		{"deadline before the transport error", provider.Step{Latency: 30 * time.Second, Err: provider.ErrTimeout}, 10 * time.Second, context.DeadlineExceeded, 10 * time.Second, 0, 0},
		{"deadline before a dropped response", provider.Step{Latency: 5 * time.Second, DropResponse: true}, 2 * time.Second, context.DeadlineExceeded, 2 * time.Second, 200, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sl := &sleeper{budget: tt.budget}
			p, err := provider.New([]provider.Step{tt.step}, provider.Settings{Sleep: sl.Sleep})
			require.NoError(t, err)
			resp, err := p.Call(context.Background(), provider.Request{Method: "POST", Path: "/charges"})
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
			} else {
				require.NoError(t, err)
				assert.Equal(t, 200, resp.Status)
			}
			assert.Equal(t, tt.wantSlept, sl.slept, "time waited")
			assert.Equal(t, tt.wantEffects, p.SideEffects(), "SideEffects")
			log := p.Log()
			require.Len(t, log, 1)
			assert.Equal(t, tt.wantStatus, log[0].Status, "logged status")
			assert.Equal(t, tt.wantEffects == 1, log[0].SideEffect, "logged side effect")
		})
	}
}

// doneCtx closes asked the first time Done is called: by then Call is
// waiting on ctx, so the test can cancel without sleeping.
type doneCtx struct {
	context.Context
	once  sync.Once
	asked chan struct{}
}

func (c *doneCtx) Done() <-chan struct{} {
	c.once.Do(func() { close(c.asked) })
	return c.Context.Done()
}

func TestRealSleep(t *testing.T) {
	p, err := provider.New([]provider.Step{{Latency: time.Nanosecond}, {Latency: time.Hour}}, provider.Settings{})
	require.NoError(t, err)
	resp, err := p.Call(context.Background(), provider.Request{})
	require.NoError(t, err)
	assert.Equal(t, 200, resp.Status, "after a 1ns real latency")

	parent, cancel := context.WithCancel(context.Background())
	ctx := &doneCtx{Context: parent, asked: make(chan struct{})}
	done := make(chan error)
	go func() {
		_, err := p.Call(ctx, provider.Request{})
		done <- err
	}()
	<-ctx.asked
	cancel()
	assert.ErrorIs(t, <-done, context.Canceled, "cancelled during an hour-long real latency")
}

func TestCallWithEndedContext(t *testing.T) {
	p, err := provider.New(nil, provider.Settings{})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = p.Call(ctx, provider.Request{})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 0, p.Calls(), "a call whose ctx ended first never reaches the provider")
	assert.Empty(t, p.Log())
}

func TestNoSharedMemory(t *testing.T) {
	script := []provider.Step{{Header: map[string]string{"X": "1"}, Body: []byte("ab")}}
	p, err := provider.New(script, provider.Settings{RepeatLast: true})
	require.NoError(t, err)
	script[0].Header["X"] = "changed in script"
	script[0].Body[0] = 'Z'
	script[0].Status = 500
	for i := range 2 {
		resp, err := p.Call(context.Background(), provider.Request{})
		require.NoError(t, err)
		assert.Equal(t, provider.Response{Status: 200, Header: map[string]string{"X": "1"}, Body: []byte("ab")}, resp, "call %d", i+1)
		resp.Header["X"] = "changed in response"
		resp.Body[0] = 'Y'
	}
}

func TestLogAndCounters(t *testing.T) {
	p, err := provider.New([]provider.Step{{Status: 429}, {Err: provider.ErrTimeout}, {Status: 201}}, provider.Settings{})
	require.NoError(t, err)
	for i := range 3 {
		p.Call(context.Background(), provider.Request{Method: "POST", Path: fmt.Sprintf("/c/%d", i), IdempotencyKey: "k"})
	}
	want := []provider.Entry{
		{Attempt: 1, Method: "POST", Path: "/c/0", Key: "k", Status: 429},
		{Attempt: 2, Method: "POST", Path: "/c/1", Key: "k", Err: provider.ErrTimeout},
		{Attempt: 3, Method: "POST", Path: "/c/2", Key: "k", Status: 201, SideEffect: true},
	}
	log := p.Log()
	assert.Equal(t, want, log)
	log[0].Status = 999
	assert.Equal(t, 429, p.Log()[0].Status, "Log returns a copy")
	assert.Equal(t, 3, p.Calls())
	assert.Equal(t, 1, p.SideEffects())
}

// TestConcurrentCallsShareTheScript: each step is played exactly once
// however calls interleave.
func TestConcurrentCallsShareTheScript(t *testing.T) {
	const n = 200
	script := make([]provider.Step, n)
	for i := range script {
		script[i].Status = 200 + i%100 + 300*(i/100) // 200..299 and 500..599
	}
	p, err := provider.New(script, provider.Settings{})
	require.NoError(t, err)
	got := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			resp, err := p.Call(context.Background(), provider.Request{Method: "POST"})
			assert.NoError(t, err)
			got[i] = resp.Status
		})
	}
	wg.Wait()
	want := make([]int, n)
	for i := range want {
		want[i] = script[i].Status
	}
	assert.ElementsMatch(t, want, got, "statuses across %d concurrent calls", n)
	assert.Equal(t, n, p.Calls())
	assert.Equal(t, 100, p.SideEffects(), "the 2xx half did the work")
	attempts := map[int]bool{}
	for _, e := range p.Log() {
		attempts[e.Attempt] = true
	}
	assert.Len(t, attempts, n, "distinct attempt numbers")
}
