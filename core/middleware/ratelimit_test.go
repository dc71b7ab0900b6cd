package middleware_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/middleware"
	"github.com/flakylab/flakylab/core/store"
)

var t0 = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)

// memoryLimiter returns a Limiter on a clock the test moves.
func memoryLimiter(t *testing.T, capacity, rate float64, now *time.Time) store.Limiter {
	t.Helper()
	k, err := bucket.NewKeyed(capacity, rate, bucket.KeyedSettings{Now: func() time.Time { return *now }})
	require.NoError(t, err)
	return store.NewMemoryLimiter(k)
}

var ok = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
	_, _ = w.Write([]byte("ok"))
})

func TestRateLimitAnswers(t *testing.T) {
	now := t0
	h, err := middleware.RateLimit(ok, middleware.RateLimitSettings{
		Limiter: memoryLimiter(t, 2, 0.5, &now),
		Key:     func(r *http.Request) string { return r.Header.Get("X-Api-Key") },
		Cost: func(r *http.Request) float64 {
			if r.URL.Path == "/huge" {
				return 5
			}
			return 1
		},
		Policy: "api",
	})
	require.NoError(t, err)
	cases := []struct {
		key, path  string
		at         time.Duration
		wantStatus int
		want       map[string]string // header fields; "" means absent
	}{
		{"a", "/", 0, 200, map[string]string{"RateLimit": `"api";r=1;t=2`, "RateLimit-Policy": `"api";q=2;w=4`, "X-RateLimit-Remaining": "1", "Retry-After": ""}},
		{"a", "/", 0, 200, map[string]string{"RateLimit": `"api";r=0;t=4`, "X-RateLimit-Reset": "4"}},
		{"a", "/", 500 * time.Millisecond, 429, map[string]string{"Retry-After": "2", "RateLimit": `"api";r=0;t=2`, "X-RateLimit-Limit": "2"}},
		{"b", "/", 500 * time.Millisecond, 200, map[string]string{"RateLimit": `"api";r=1;t=2`}},
		{"a", "/", 2 * time.Second, 200, map[string]string{"X-RateLimit-Remaining": "0"}},
		{"c", "/huge", 2 * time.Second, 400, map[string]string{"Retry-After": ""}},
	}
	for _, c := range cases {
		now = t0.Add(c.at)
		req := httptest.NewRequest("GET", c.path, nil)
		req.Header.Set("X-Api-Key", c.key)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		assert.Equal(t, c.wantStatus, rec.Code, "key %s %s at %v: status (body %q)", c.key, c.path, c.at, rec.Body)
		for name, want := range c.want {
			assert.Equal(t, want, rec.Header().Get(name), "key %s %s at %v: %s", c.key, c.path, c.at, name)
		}
		if c.wantStatus == 200 {
			assert.Equal(t, "ok", rec.Body.String(), "an allowed request reaches the handler")
		} else {
			assert.NotEqual(t, "ok", rec.Body.String(), "a refused request does not reach the handler")
		}
	}
}

func TestRateLimitBurstOnlyBucket(t *testing.T) {
	now := t0
	h, err := middleware.RateLimit(ok, middleware.RateLimitSettings{Limiter: memoryLimiter(t, 1, 0, &now)})
	require.NoError(t, err)
	codes := []int{}
	for range 2 {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		codes = append(codes, rec.Code)
		if rec.Code == 429 {
			assert.Empty(t, rec.Header().Get("Retry-After"), "a bucket that never refills sends no Retry-After")
			assert.Equal(t, `"default";r=0`, rec.Header().Get("RateLimit"), "RateLimit without t")
		}
	}
	assert.Equal(t, []int{200, 429}, codes, "capacity 1, rate 0: two requests")
}

func TestRateLimitKeysOnClientAddress(t *testing.T) {
	now := t0
	h, err := middleware.RateLimit(ok, middleware.RateLimitSettings{Limiter: memoryLimiter(t, 1, 1, &now)})
	require.NoError(t, err)
	send := func(addr string) int {
		req := httptest.NewRequest("GET", "/", nil)
		req.RemoteAddr = addr
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	assert.Equal(t, 200, send("10.0.0.1:1000"), "first request from 10.0.0.1")
	assert.Equal(t, 429, send("10.0.0.1:2000"), "same host, another port: same bucket")
	assert.Equal(t, 200, send("10.0.0.2:1000"), "another host")
	assert.Equal(t, "pipe", middleware.ClientAddress(&http.Request{RemoteAddr: "pipe"}), "an address without a port")
}

type failingLimiter struct{ err error }

func (f failingLimiter) Take(context.Context, string, float64) (bucket.Decision, error) {
	return bucket.Decision{}, f.err
}
func (failingLimiter) Capacity() float64 { return 10 }
func (failingLimiter) Rate() float64     { return 1 }

func TestRateLimitStoreErrorIs503(t *testing.T) {
	boom := errors.New("boom")
	var reported []error
	for _, c := range []struct {
		retry time.Duration
		want  string
	}{{0, "1"}, {2500 * time.Millisecond, "3"}} {
		h, err := middleware.RateLimit(ok, middleware.RateLimitSettings{
			Limiter:      failingLimiter{boom},
			OnError:      func(_ *http.Request, err error) { reported = append(reported, err) },
			RetryOnError: c.retry,
		})
		require.NoError(t, err)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		assert.Equal(t, 503, rec.Code, "RetryOnError %v: status", c.retry)
		assert.Equal(t, c.want, rec.Header().Get("Retry-After"), "RetryOnError %v: Retry-After", c.retry)
	}
	assert.Equal(t, []error{boom, boom}, reported, "errors reported to OnError")
}

func TestRateLimitValidates(t *testing.T) {
	_, err := middleware.RateLimit(ok, middleware.RateLimitSettings{})
	require.EqualError(t, err, "middleware: RateLimitSettings.Limiter is nil")
	now := t0
	_, err = middleware.RateLimit(nil, middleware.RateLimitSettings{Limiter: memoryLimiter(t, 1, 1, &now)})
	require.EqualError(t, err, "middleware: RateLimit needs a handler, got nil")
}
