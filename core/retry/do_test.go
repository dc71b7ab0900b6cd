package retry

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/classify"
)

// The syllabus loop: 429 with Retry-After 2 waits exactly 2 s, a 500
// without a header waits a full-jitter backoff in [0, 2 s), and the 200
// comes back.
func TestSyllabusRetryLoop(t *testing.T) {
	for seed := range uint64(20) {
		r := newRig(t, result{status: 429, retryAfter: "2"}, result{status: 500}, result{status: 200})
		p := r.policy(Policy{
			Idempotent: true,
			Backoff:    backoff.Config{Base: time.Second, Cap: 8 * time.Second, Jitter: backoff.Full},
			Rand:       rand.New(rand.NewPCG(seed, 1)),
		})
		resp, err := p.Do(context.Background(), r.op)
		require.NoError(t, err, "seed %d", seed)
		assert.Equal(t, 200, resp.Status, "seed %d: status", seed)
		require.Len(t, r.waits, 2, "seed %d: waits %v", seed, r.waits)
		assert.Equal(t, 2*time.Second, r.waits[0], "seed %d: wait after the 429", seed)
		assert.True(t, r.waits[1] >= 0 && r.waits[1] < 2*time.Second, "seed %d: wait after the 500 want [0, 2s) got %v", seed, r.waits[1])
		require.Len(t, r.tries, 2)
		assert.True(t, r.tries[0].RetryAfter, "seed %d: first wait is the server's", seed)
		assert.False(t, r.tries[1].RetryAfter, "seed %d: second wait is backoff", seed)
		assert.Equal(t, classify.Caution, r.tries[1].Decision.Verdict, "seed %d: 500 verdict", seed)
		assert.Equal(t, Attempt{Number: 1, Response: r.tries[0].Response, Decision: classify.Status(429), Wait: 2 * time.Second, RetryAfter: true}, r.tries[0])
	}
}

var (
	errReset = fmt.Errorf("read tcp: %w", syscall.ECONNRESET)
	errOdd   = errors.New("something odd")
)

func TestStops(t *testing.T) {
	tests := []struct {
		name       string
		p          Policy
		script     []result
		wantReason StopReason // 0 = success
		wantCalls  int
		wantWaits  int
		wantStatus int
		wantErr    error
	}{
		{"400 stops after one attempt", Policy{Idempotent: true}, statuses(400), NotRetryable, 1, 0, 400, nil},
		{"422 stops after one attempt", Policy{Idempotent: true}, statuses(503, 422), NotRetryable, 2, 1, 422, nil},
		{"attempts exhausted keeps the last response", Policy{Idempotent: true}, statuses(503, 502, 504), AttemptsExhausted, 3, 2, 504, nil},
		{"MaxAttempts 1 never retries", Policy{Idempotent: true, MaxAttempts: 1}, statuses(503), AttemptsExhausted, 1, 0, 503, nil},
		{"MaxAttempts 5", Policy{Idempotent: true, MaxAttempts: 5}, statuses(503, 503, 503, 503, 200), 0, 5, 4, 200, nil},
		{"POST without a key runs once", Policy{}, statuses(503), NotIdempotent, 1, 0, 503, nil},
		{"POST without a key still stops at a 400 as not retryable", Policy{}, statuses(400), NotRetryable, 1, 0, 400, nil},
		{"POST without a key succeeds", Policy{}, statuses(201), 0, 1, 0, 201, nil},
		{"POST with a key is retried", Policy{IdempotencyKey: "k1"}, statuses(503, 201), 0, 2, 1, 201, nil},
		{"500 retried by default", Policy{Idempotent: true}, statuses(500, 200), 0, 2, 1, 200, nil},
		{"StopOnCaution stops at a 500", Policy{Idempotent: true, StopOnCaution: true}, statuses(500), NotRetryable, 1, 0, 500, nil},
		{"StopOnCaution still retries a 503", Policy{Idempotent: true, StopOnCaution: true}, statuses(503, 200), 0, 2, 1, 200, nil},
		{"connection reset is retried", Policy{Idempotent: true}, []result{{err: errReset}, {status: 200}}, 0, 2, 1, 200, nil},
		{"unknown error is a caution", Policy{Idempotent: true, StopOnCaution: true}, []result{{err: errOdd}}, NotRetryable, 1, 0, 0, errOdd},
		{"error kept when attempts run out", Policy{Idempotent: true, MaxAttempts: 2}, []result{{err: errOdd}, {err: errReset}}, AttemptsExhausted, 2, 1, 0, syscall.ECONNRESET},
		{"op's own cancellation is not retried", Policy{Idempotent: true}, []result{{err: context.Canceled}}, NotRetryable, 1, 0, 0, context.Canceled},
		{"status wins over an error", Policy{Idempotent: true}, []result{{status: 404, err: errOdd}}, NotRetryable, 1, 0, 404, errOdd},
		{"status 0 and no error is a success", Policy{}, []result{{}}, 0, 1, 0, 0, nil},
		{"an error marked permanent stops", Policy{Idempotent: true}, []result{{err: &classify.PermanentError{Reason: "bad URL", Err: errReset}}}, NotRetryable, 1, 0, 0, syscall.ECONNRESET},
		{"a permanent timeout stops", Policy{Idempotent: true}, []result{{err: &classify.PermanentError{Reason: "marked", Err: os.ErrDeadlineExceeded}}}, NotRetryable, 1, 0, 0, os.ErrDeadlineExceeded},
		{"an unmarked timeout is retried", Policy{Idempotent: true}, []result{{err: os.ErrDeadlineExceeded}, {status: 200}}, 0, 2, 1, 200, nil},
		{"a failing 200 is judged by its error", Policy{Idempotent: true}, []result{{status: 200, err: errReset}, {status: 200}}, 0, 2, 1, 200, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, tt.script...)
			tt.p.Rand = rand.New(rand.NewPCG(1, 2))
			resp, err := r.policy(tt.p).Do(context.Background(), r.op)
			assert.Equal(t, tt.wantCalls, r.calls, "calls")
			assert.Len(t, r.waits, tt.wantWaits, "waits %v", r.waits)
			assert.Equal(t, tt.wantStatus, resp.Status, "returned status")
			if tt.wantReason == 0 {
				require.NoError(t, err)
				return
			}
			var re *Error
			require.ErrorAs(t, err, &re, "want *Error with reason %v, got %v", tt.wantReason, err)
			assert.Equal(t, tt.wantReason, re.Reason, "reason (error %q)", err)
			assert.Equal(t, tt.wantCalls, re.Attempts, "Error.Attempts")
			assert.Equal(t, tt.wantStatus, re.Last.Status, "Error.Last.Status")
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
			} else {
				assert.NoError(t, re.Err, "Error.Err")
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	httpDate := t0.Add(7 * time.Second).Format(time.RFC1123)
	httpDate = httpDate[:len(httpDate)-3] + "GMT"
	tests := []struct {
		name       string
		p          Policy
		retryAfter string
		want       time.Duration
	}{
		{"seconds", Policy{}, "2", 2 * time.Second},
		{"zero retries at once", Policy{}, "0", 0},
		{"HTTP-date measured from Now", Policy{}, httpDate, 7 * time.Second},
		{"huge value capped at the default 60s", Policy{}, "3600", time.Minute},
		{"huge value capped at MaxRetryAfter", Policy{MaxRetryAfter: 5 * time.Second}, "3600", 5 * time.Second},
		{"unreadable value falls back to backoff", Policy{Backoff: backoff.Config{Base: 3 * time.Second}}, "soon", 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, result{status: 503, retryAfter: tt.retryAfter}, result{status: 200})
			tt.p.Idempotent = true
			_, err := r.policy(tt.p).Do(context.Background(), r.op)
			require.NoError(t, err)
			assert.Equal(t, []time.Duration{tt.want}, r.waits, "Retry-After %q", tt.retryAfter)
		})
	}
}

func TestRetryAfterMs(t *testing.T) {
	r := newRig(t, statuses(529, 200)...)
	p := r.policy(Policy{Idempotent: true})
	op := func(ctx context.Context, n int) (Response, error) {
		resp, err := r.op(ctx, n)
		resp.Header = mapHeader{"Retry-After-Ms": "1500", "Retry-After": "2"}
		return resp, err
	}
	_, err := p.Do(context.Background(), op)
	require.NoError(t, err)
	assert.Equal(t, []time.Duration{1500 * time.Millisecond}, r.waits)
}

type mapHeader map[string]string

func (h mapHeader) Get(k string) string { return h[k] }

func TestBackoffSchedule(t *testing.T) {
	tests := []struct {
		name string
		b    backoff.Config
		want []time.Duration
	}{
		{"no jitter doubles from base", backoff.Config{Base: time.Second, Jitter: backoff.None}, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second}},
		{"cap defaults to at least base", backoff.Config{Base: 10 * time.Second}, []time.Duration{10 * time.Second, 10 * time.Second, 10 * time.Second, 10 * time.Second, 10 * time.Second}},
		{"zero base defaults to 500ms", backoff.Config{Cap: time.Second, Multiplier: 3}, []time.Duration{500 * time.Millisecond, time.Second, time.Second, time.Second, time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, statuses(503, 503, 503, 503, 503, 200)...)
			_, err := r.policy(Policy{Idempotent: true, MaxAttempts: 6, Backoff: tt.b}).Do(context.Background(), r.op)
			require.NoError(t, err)
			assert.Equal(t, tt.want, r.waits, "config %+v", tt.b)
		})
	}
}

func TestJitterBounds(t *testing.T) {
	tests := []struct {
		name   string
		p      Policy
		bounds [][2]time.Duration // [lo, hi) per wait
	}{
		{"zero policy: full jitter from 500ms, private source", Policy{}, [][2]time.Duration{{0, 500 * time.Millisecond}, {0, time.Second}, {0, 2 * time.Second}, {0, 4 * time.Second}}},
		{"equal jitter", Policy{Backoff: backoff.Config{Base: time.Second, Jitter: backoff.Equal}}, [][2]time.Duration{{500 * time.Millisecond, time.Second + 1}, {time.Second, 2*time.Second + 1}, {2 * time.Second, 4*time.Second + 1}, {4 * time.Second, 8*time.Second + 1}}},
		{"decorrelated grows from the previous wait", Policy{Rand: rand.New(rand.NewPCG(3, 4)), Backoff: backoff.Config{Base: time.Second, Cap: time.Minute, Jitter: backoff.Decorrelated}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, statuses(503, 503, 503, 503, 200)...)
			tt.p.Idempotent, tt.p.MaxAttempts = true, 5
			_, err := r.policy(tt.p).Do(context.Background(), r.op)
			require.NoError(t, err)
			require.Len(t, r.waits, 4)
			prev := time.Second
			for i, w := range r.waits {
				lo, hi := time.Second, 3*prev // decorrelated
				if tt.bounds != nil {
					lo, hi = tt.bounds[i][0], tt.bounds[i][1]
				}
				assert.True(t, w >= lo && w < hi, "wait %d: want [%v, %v) got %v (all %v)", i+1, lo, hi, w, r.waits)
				prev = w
			}
		})
	}
}

func TestSeededRandReproducesWaits(t *testing.T) {
	run := func() []time.Duration {
		r := newRig(t, statuses(503, 503, 200)...)
		_, err := r.policy(Policy{Idempotent: true, Rand: rand.New(rand.NewPCG(7, 7))}).Do(context.Background(), r.op)
		require.NoError(t, err)
		return r.waits
	}
	assert.Equal(t, run(), run())
}
