//go:build !(js && wasm)

package transport_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/retry"
	"github.com/flakylab/flakylab/core/transport"
)

// answer is one scripted response: a status and header fields.
type answer struct {
	status int
	header map[string]string
}

// scripted is a real HTTP server that answers from a script (the last
// answer repeats) and records every request it receives.
type scripted struct {
	srv *httptest.Server

	mu     sync.Mutex
	script []answer
	seen   []seenRequest
}

type seenRequest struct {
	method, key, body string
}

func newScripted(t *testing.T, script ...answer) *scripted {
	s := &scripted{script: script}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		n := len(s.seen)
		s.seen = append(s.seen, seenRequest{r.Method, r.Header.Get("Idempotency-Key"), string(body)})
		a := s.script[min(n, len(s.script)-1)]
		s.mu.Unlock()
		for k, v := range a.header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(a.status)
		_, _ = io.WriteString(w, http.StatusText(a.status))
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *scripted) requests() []seenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seenRequest(nil), s.seen...)
}

// waits records the waits a Transport asks for, without waiting.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func (w *waits) all() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Duration(nil), w.d...)
}

func noJitter(w *waits) retry.Policy {
	return retry.Policy{
		Backoff: backoff.Config{Base: 100 * time.Millisecond, Cap: time.Second, Jitter: backoff.None},
		Sleep:   w.sleep,
	}
}

func TestTransportRetries(t *testing.T) {
	ra := func(field, v string) map[string]string { return map[string]string{field: v} }
	cases := []struct {
		name      string
		method    string
		key       string
		script    []answer
		wantCodes int // final status
		wantSent  int
		wantWaits []time.Duration
	}{
		{"503 twice then 200", "GET", "", []answer{{503, nil}, {503, nil}, {200, nil}}, 200, 3, []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}},
		{"429 honours Retry-After", "GET", "", []answer{{429, ra("Retry-After", "2")}, {200, nil}}, 200, 2, []time.Duration{2 * time.Second}},
		{"retry-after-ms wins", "GET", "", []answer{{529, map[string]string{"Retry-After": "3", "Retry-After-Ms": "1500"}}, {200, nil}}, 200, 2, []time.Duration{1500 * time.Millisecond}},
		{"Retry-After capped", "GET", "", []answer{{503, ra("Retry-After", "3600")}, {200, nil}}, 200, 2, []time.Duration{5 * time.Second}},
		{"attempts run out", "GET", "", []answer{{502, nil}}, 502, 3, []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}},
		{"404 is final", "GET", "", []answer{{404, nil}}, 404, 1, nil},
		{"500 retried", "PUT", "", []answer{{500, nil}, {201, nil}}, 201, 2, []time.Duration{100 * time.Millisecond}},
		{"POST without a key runs once", "POST", "", []answer{{503, nil}, {201, nil}}, 503, 1, nil},
		{"POST with a key is retried", "POST", "order-1", []answer{{503, nil}, {201, nil}}, 201, 2, []time.Duration{100 * time.Millisecond}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := newScripted(t, c.script...)
			w := &waits{}
			p := noJitter(w)
			p.MaxRetryAfter = 5 * time.Second
			tr, err := transport.New(transport.Settings{Policy: p})
			require.NoError(t, err)
			req, err := http.NewRequest(c.method, srv.srv.URL, strings.NewReader("amount=50"))
			require.NoError(t, err)
			if c.key != "" {
				req.Header.Set("Idempotency-Key", c.key)
			}
			resp, err := (&http.Client{Transport: tr}).Do(req)
			require.NoError(t, err)
			body, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			require.NoError(t, resp.Body.Close())
			assert.Equal(t, c.wantCodes, resp.StatusCode, "status")
			assert.Equal(t, http.StatusText(c.wantCodes), string(body), "the returned response's body is readable")
			sent := srv.requests()
			assert.Len(t, sent, c.wantSent, "attempts sent")
			for i, s := range sent {
				assert.Equal(t, "amount=50", s.body, "attempt %d: the body is sent whole every time", i+1)
				assert.Equal(t, c.key, s.key, "attempt %d: key", i+1)
			}
			assert.Equal(t, c.wantWaits, w.all(), "waits")
		})
	}
}

func TestTransportAddsOneKeyAcrossAttempts(t *testing.T) {
	srv := newScripted(t, answer{503, nil}, answer{503, nil}, answer{201, nil})
	w := &waits{}
	keys := 0
	tr, err := transport.New(transport.Settings{Policy: noJitter(w), AddIdempotencyKey: true, NewKey: func() string {
		keys++
		return "generated-" + string(rune('0'+keys))
	}})
	require.NoError(t, err)
	req, err := http.NewRequest("POST", srv.srv.URL, bytes.NewReader([]byte("x")))
	require.NoError(t, err)
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	assert.Equal(t, 201, resp.StatusCode)
	sent := srv.requests()
	require.Len(t, sent, 3, "attempts")
	for i, s := range sent {
		assert.Equal(t, "generated-1", s.key, "attempt %d carries the one generated key", i+1)
	}
	assert.Empty(t, req.Header.Get("Idempotency-Key"), "the caller's request is not changed")

	get, err := http.NewRequest("GET", srv.srv.URL, nil)
	require.NoError(t, err)
	resp, err = tr.RoundTrip(get)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	assert.Empty(t, srv.requests()[3].key, "an idempotent method gets no key")
	assert.Equal(t, 1, keys, "keys generated")
}

func TestTransportBodyWithoutGetBodyRunsOnce(t *testing.T) {
	srv := newScripted(t, answer{503, nil}, answer{200, nil})
	tr, err := transport.New(transport.Settings{Policy: noJitter(&waits{})})
	require.NoError(t, err)
	req, err := http.NewRequest("PUT", srv.srv.URL, io.NopCloser(strings.NewReader("once")))
	require.NoError(t, err)
	require.Nil(t, req.GetBody, "precondition: a body that cannot be rewound")
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	assert.Equal(t, 503, resp.StatusCode, "the only attempt's answer")
	assert.Len(t, srv.requests(), 1, "attempts")
}

func TestTransportBudget(t *testing.T) {
	srv := newScripted(t, answer{503, nil})
	budget, err := retry.NewBudget(10, 5, 10, 1)
	require.NoError(t, err)
	p := noJitter(&waits{})
	p.Budget = budget
	p.MaxAttempts = 10
	tr, err := transport.New(transport.Settings{Policy: p})
	require.NoError(t, err)
	req, err := http.NewRequest("GET", srv.srv.URL, nil)
	require.NoError(t, err)
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	assert.Len(t, srv.requests(), 3, "a budget of 10 at 5 a retry pays for two retries")
	assert.Equal(t, 0, budget.Tokens(), "budget left")
}

func TestTransportBreakerPerHost(t *testing.T) {
	down := newScripted(t, answer{503, nil})
	up := newScripted(t, answer{200, nil})
	p := noJitter(&waits{})
	p.MaxAttempts = 2
	tr, err := transport.New(transport.Settings{Policy: p, Breaker: &breaker.Settings{Threshold: 3, Cooldown: time.Hour}})
	require.NoError(t, err)
	get := func(url string) (*http.Response, error) {
		req, err := http.NewRequest("GET", url, nil)
		require.NoError(t, err)
		return tr.RoundTrip(req)
	}
	resp, err := get(down.srv.URL) // two failures
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	resp, err = get(down.srv.URL) // the third opens the circuit; no fourth attempt
	require.ErrorIs(t, err, breaker.ErrOpen, "the retry after the failure that opened the circuit")
	assert.Nil(t, resp, "no response with the error")
	_, err = get(down.srv.URL)
	require.ErrorIs(t, err, breaker.ErrOpen, "a new request while the circuit is open")
	assert.Len(t, down.requests(), 3, "the open circuit sends nothing")

	resp, err = get(up.srv.URL)
	require.NoError(t, err, "another host has its own breaker")
	require.NoError(t, resp.Body.Close())
	host := strings.TrimPrefix(down.srv.URL, "http://")
	require.NotNil(t, tr.Breaker(host), "the failing host's breaker")
	assert.Equal(t, breaker.Open, tr.Breaker(host).State(), "its state")
	assert.Nil(t, tr.Breaker("elsewhere:1"), "no breaker for a host never called")
}

func TestTransportStopsAtDeadline(t *testing.T) {
	srv := newScripted(t, answer{503, map[string]string{"Retry-After": "30"}})
	tr, err := transport.New(transport.Settings{Policy: noJitter(&waits{})})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", srv.srv.URL, nil)
	require.NoError(t, err)
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err, "a wait past the deadline stops with the last response")
	require.NoError(t, resp.Body.Close())
	assert.Equal(t, 503, resp.StatusCode)
	assert.Len(t, srv.requests(), 1, "no attempt after a wait that ends past the deadline")
}

func TestTransportCancelledWhileWaiting(t *testing.T) {
	srv := newScripted(t, answer{503, nil})
	ctx, cancel := context.WithCancel(context.Background())
	p := noJitter(nil)
	p.Sleep = func(context.Context, time.Duration) error {
		cancel()
		return context.Canceled
	}
	tr, err := transport.New(transport.Settings{Policy: p})
	require.NoError(t, err)
	req, err := http.NewRequestWithContext(ctx, "GET", srv.srv.URL, nil)
	require.NoError(t, err)
	resp, err := tr.RoundTrip(req)
	require.ErrorIs(t, err, context.Canceled, "cancelled during the wait")
	assert.Nil(t, resp, "the retried response was closed, so none is returned")
}

func TestTransportRetriesConnectionErrors(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there now
	w := &waits{}
	tr, err := transport.New(transport.Settings{Policy: noJitter(w)})
	require.NoError(t, err)
	req, err := http.NewRequest("GET", url, nil)
	require.NoError(t, err)
	resp, err := tr.RoundTrip(req)
	require.Error(t, err)
	assert.Nil(t, resp)
	var re *retry.Error
	require.ErrorAs(t, err, &re)
	assert.Equal(t, retry.AttemptsExhausted, re.Reason, "connection refused is retried until the attempts run out: %v", err)
	assert.Len(t, w.all(), 2, "waits between three attempts")
}

func TestTransportFullJitterByDefault(t *testing.T) {
	srv := newScripted(t, answer{503, nil})
	w := &waits{}
	tr, err := transport.New(transport.Settings{Policy: retry.Policy{MaxAttempts: 6, Sleep: w.sleep}})
	require.NoError(t, err)
	req, err := http.NewRequest("GET", srv.srv.URL, nil)
	require.NoError(t, err)
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	got := w.all()
	require.Len(t, got, 5)
	for i, d := range got {
		ceiling := min(retry.DefaultBackoffBase<<i, retry.DefaultBackoffCap)
		assert.True(t, d >= 0 && d < ceiling, "wait %d = %v, want in [0, %v)", i+1, d, ceiling)
	}
}

func TestNewValidates(t *testing.T) {
	b, err := breaker.New(breaker.Settings{Threshold: 1})
	require.NoError(t, err)
	cases := []struct {
		s    transport.Settings
		want string
	}{
		{transport.Settings{Policy: retry.Policy{Idempotent: true}}, "transport: Policy.Idempotent and Policy.IdempotencyKey are decided per request; leave them zero"},
		{transport.Settings{Policy: retry.Policy{Breaker: b}}, "transport: Policy.Breaker must be nil; set Settings.Breaker for one breaker per host"},
		{transport.Settings{Policy: retry.Policy{PerAttemptTimeout: time.Second}}, "transport: Policy.PerAttemptTimeout must be zero: use the base transport's timeouts"},
		{transport.Settings{Policy: retry.Policy{MaxAttempts: -1}}, "transport: retry: MaxAttempts must be >= 0, got -1"},
		{transport.Settings{Breaker: &breaker.Settings{}}, "transport: breaker: Threshold must be >= 1, got 0"},
	}
	for _, c := range cases {
		_, err := transport.New(c.s)
		assert.EqualError(t, err, c.want, "New(%+v)", c.s)
	}
}

func TestNewKeyIsUUIDv4(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		k := transport.NewKey()
		require.Len(t, k, 36, "key %q", k)
		assert.Equal(t, byte('4'), k[14], "version nibble of %q", k)
		assert.Contains(t, "89ab", string(k[19]), "variant of %q", k)
		assert.False(t, seen[k], "repeated key %q", k)
		seen[k] = true
	}
}

func TestRewindFailureIsAnError(t *testing.T) {
	srv := newScripted(t, answer{503, nil})
	tr, err := transport.New(transport.Settings{Policy: noJitter(&waits{})})
	require.NoError(t, err)
	req, err := http.NewRequest("PUT", srv.srv.URL, strings.NewReader("x"))
	require.NoError(t, err)
	boom := errors.New("gone")
	req.GetBody = func() (io.ReadCloser, error) { return nil, boom }
	resp, err := tr.RoundTrip(req)
	require.ErrorIs(t, err, boom)
	assert.Nil(t, resp)
}
