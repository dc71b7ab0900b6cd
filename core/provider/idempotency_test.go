package provider_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/provider"
)

const key = "8e03978e-40d5-43e8-bc93-6894a57f9324"

var charge = []byte(`{"amount":5000}`)

func TestIdempotentProvider(t *testing.T) {
	type call struct {
		key        string
		body       []byte
		wantStatus int   // status the caller sees (0 with an error)
		wantErr    error // error the caller sees
		wantReplay bool
	}
	lost := provider.Step{Status: 201, Body: []byte(`{"id":"ch_1"}`), DropResponse: true}
	tests := []struct {
		name        string
		noStore     bool
		script      []provider.Step
		calls       []call
		wantEffects int
	}{
		{"lost response retried with the key: replay, one charge", false,
			[]provider.Step{lost, {Status: 201}},
			[]call{
				{key, charge, 0, provider.ErrResponseLost, false},
				{key, charge, 201, nil, true},
			}, 1},
		{"lost response retried without a key: two charges", false,
			[]provider.Step{lost, {Status: 201}},
			[]call{
				{"", charge, 0, provider.ErrResponseLost, false},
				{"", charge, 201, nil, false},
			}, 2},
		{"a key the server ignores protects nothing", true,
			[]provider.Step{lost, {Status: 201}},
			[]call{
				{key, charge, 0, provider.ErrResponseLost, false},
				{key, charge, 201, nil, false},
			}, 2},
		{"quoted and bare forms are the same key", false,
			[]provider.Step{{Status: 201}, {Status: 500}},
			[]call{
				{`"` + key + `"`, charge, 201, nil, false},
				{key, charge, 201, nil, true},
			}, 1},
		{"same key, different body: 422", false,
			[]provider.Step{{Status: 201}, {Status: 201}},
			[]call{
				{key, charge, 201, nil, false},
				{key, []byte(`{"amount":9900}`), 422, nil, false},
			}, 1},
		{"malformed key: 400, no work", false,
			[]provider.Step{{Status: 201}},
			[]call{{"two words", charge, 400, nil, false}}, 0},
		{"stored failure replays", false,
			[]provider.Step{{Status: 500}, {Status: 201}},
			[]call{
				{key, charge, 500, nil, false},
				{key, charge, 500, nil, true},
			}, 0},
		{"turned away (429, 503, 529, 408): the retry runs", false,
			[]provider.Step{{Status: 429}, {Status: 503}, {Status: 529}, {Status: 408}, {Status: 201}},
			[]call{
				{key, charge, 429, nil, false},
				{key, charge, 503, nil, false},
				{key, charge, 529, nil, false},
				{key, charge, 408, nil, false},
				{key, charge, 201, nil, false},
				{key, charge, 201, nil, true},
			}, 1},
		{"transport error before the server: the retry runs", false,
			[]provider.Step{{Err: provider.ErrTimeout}, {Status: 201}},
			[]call{
				{key, charge, 0, provider.ErrTimeout, false},
				{key, charge, 201, nil, false},
			}, 1},
		{"replayed response can be lost too", false,
			[]provider.Step{{Status: 201}, {DropResponse: true}, {}},
			[]call{
				{key, charge, 201, nil, false},
				{key, charge, 0, provider.ErrResponseLost, true},
				{key, charge, 201, nil, true},
			}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s provider.Settings
			if !tt.noStore {
				s.Idempotency = new(idempotency.Store)
			}
			p, err := provider.New(tt.script, s)
			require.NoError(t, err)
			for i, c := range tt.calls {
				resp, err := p.Call(context.Background(), provider.Request{Method: "POST", Path: "/charges", Body: c.body, IdempotencyKey: c.key})
				if c.wantErr != nil {
					assert.ErrorIs(t, err, c.wantErr, "call %d with key %q", i+1, c.key)
				} else {
					assert.NoError(t, err, "call %d with key %q", i+1, c.key)
				}
				assert.Equal(t, c.wantStatus, resp.Status, "call %d with key %q: status", i+1, c.key)
				assert.Equal(t, c.wantReplay, p.Log()[i].Replayed, "call %d with key %q: replayed", i+1, c.key)
			}
			assert.Equal(t, tt.wantEffects, p.SideEffects(), "SideEffects after %d calls", len(tt.calls))
		})
	}
}

// TestCancelledCallAndTheKey: a caller that gives up during the latency
// gets ctx.Err(); whether its retry replays depends on whether the server
// finished the work.
func TestCancelledCallAndTheKey(t *testing.T) {
	tests := []struct {
		name         string
		stopOnCancel bool
		wantStatus   int
		wantReplay   bool
		wantEffects  int
	}{
		{"server finishes: the retry replays", false, 201, true, 1},
		{"server stops: the retry runs the work", true, 202, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sl := &sleeper{budget: 2 * time.Second}
			script := []provider.Step{{Status: 201, Latency: 5 * time.Second, StopOnCancel: tt.stopOnCancel}, {Status: 202}}
			p, err := provider.New(script, provider.Settings{Sleep: sl.Sleep, Idempotency: new(idempotency.Store)})
			require.NoError(t, err)
			req := provider.Request{Method: "POST", Path: "/charges", Body: charge, IdempotencyKey: key}
			_, err = p.Call(context.Background(), req)
			require.ErrorIs(t, err, context.DeadlineExceeded, "first call")
			resp, err := p.Call(context.Background(), req)
			require.NoError(t, err, "retry")
			assert.Equal(t, tt.wantStatus, resp.Status, "retry status")
			assert.Equal(t, tt.wantReplay, p.Log()[1].Replayed, "retry replayed")
			assert.Equal(t, tt.wantEffects, p.SideEffects())
		})
	}
}

// gate is a Sleep that holds the first caller inside its latency until the
// test opens it; later sleeps return at once.
type gate struct {
	once     sync.Once
	sleeping chan struct{}
	open     chan struct{}
}

func newGate() *gate { return &gate{sleeping: make(chan struct{}), open: make(chan struct{})} }

func (g *gate) Sleep(ctx context.Context, d time.Duration) error {
	first := false
	g.once.Do(func() { first = true; close(g.sleeping) })
	if first {
		<-g.open
	}
	return nil
}

func TestInFlightAndFull(t *testing.T) {
	g := newGate()
	store, err := idempotency.New(idempotency.Settings{MaxEntries: 1})
	require.NoError(t, err)
	p, err := provider.New([]provider.Step{{Status: 201, Latency: time.Second}}, provider.Settings{Sleep: g.Sleep, Idempotency: store})
	require.NoError(t, err)
	req := provider.Request{Method: "POST", Path: "/charges", Body: charge, IdempotencyKey: key}
	first := make(chan provider.Response)
	go func() {
		resp, err := p.Call(context.Background(), req)
		assert.NoError(t, err)
		first <- resp
	}()
	<-g.sleeping
	resp, err := p.Call(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, 409, resp.Status, "retry while the first call runs")
	other := req
	other.IdempotencyKey = "another-key"
	resp, err = p.Call(context.Background(), other)
	require.NoError(t, err)
	assert.Equal(t, 503, resp.Status, "new key while the one-entry store is busy")
	close(g.open)
	assert.Equal(t, 201, (<-first).Status)
	assert.Equal(t, 1, p.SideEffects())
}

// TestConcurrentRetries: 200 racing retries of one keyed charge charge once.
func TestConcurrentRetries(t *testing.T) {
	const n = 200
	p, err := provider.New([]provider.Step{{Status: 201}}, provider.Settings{RepeatLast: true, Idempotency: new(idempotency.Store)})
	require.NoError(t, err)
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			resp, err := p.Call(context.Background(), provider.Request{Method: "POST", Path: "/charges", Body: charge, IdempotencyKey: key})
			assert.NoError(t, err)
			statuses[i] = resp.Status
		})
	}
	wg.Wait()
	assert.Equal(t, 1, p.SideEffects(), "charges after %d racing calls with one key", n)
	for i, s := range statuses {
		assert.Contains(t, []int{201, 409}, s, "call %d status", i)
	}
}
