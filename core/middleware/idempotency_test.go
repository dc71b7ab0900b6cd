package middleware_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/middleware"
	"github.com/flakylab/flakylab/core/store"
)

// charges is a handler that counts its runs and answers with the count.
type charges struct{ n atomic.Int64 }

func (c *charges) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	n := c.n.Add(1)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Add("Vary", "A")
	w.Header().Add("Vary", "B")
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, `{"charge":%d,"body":%q}`, n, body)
}

func post(h http.Handler, key, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "/charges", strings.NewReader(body))
	if key != "" {
		req.Header.Set(middleware.HeaderIdempotencyKey, key)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func memoryStore() store.Idempotency {
	return store.NewMemoryIdempotency(&idempotency.Store{})
}

func TestIdempotencyOutcomes(t *testing.T) {
	c := &charges{}
	h, err := middleware.Idempotency(c, middleware.IdempotencySettings{Store: memoryStore()})
	require.NoError(t, err)
	cases := []struct {
		key, body  string
		wantStatus int
		wantBody   string // prefix
		replayed   bool
	}{
		{"k1", "a", 201, `{"charge":1,"body":"a"}`, false},
		{"k1", "a", 201, `{"charge":1,"body":"a"}`, true},
		{`"k1"`, "a", 201, `{"charge":1,"body":"a"}`, true}, // the quoted form is the same key
		{"k1", "b", 422, "this idempotency key was used with a different request", false},
		{"k2", "a", 201, `{"charge":2,"body":"a"}`, false},
		{"bad key", "a", 400, "idempotency: invalid key", false},
		{"", "a", 201, `{"charge":3,"body":"a"}`, false}, // no key: unprotected
		{"", "a", 201, `{"charge":4,"body":"a"}`, false},
	}
	for i, tc := range cases {
		rec := post(h, tc.key, tc.body)
		assert.Equal(t, tc.wantStatus, rec.Code, "case %d key %q body %q: status", i, tc.key, tc.body)
		assert.True(t, strings.HasPrefix(rec.Body.String(), tc.wantBody), "case %d key %q: body %q, want prefix %q", i, tc.key, rec.Body, tc.wantBody)
		replayed := rec.Header().Get(middleware.HeaderReplayed) == "true"
		assert.Equal(t, tc.replayed, replayed, "case %d key %q: replayed", i, tc.key)
		if tc.wantStatus == 201 {
			assert.Equal(t, "application/json", rec.Header().Get("Content-Type"), "case %d: Content-Type", i)
		}
		if tc.replayed {
			assert.Equal(t, "A, B", rec.Header().Get("Vary"), "case %d: a field with two values replays joined", i)
		}
	}
	assert.Equal(t, int64(4), c.n.Load(), "handler runs")
}

func TestIdempotencyOtherMethodsPass(t *testing.T) {
	c := &charges{}
	h, err := middleware.Idempotency(c, middleware.IdempotencySettings{Store: memoryStore(), Required: true})
	require.NoError(t, err)
	for range 2 {
		req := httptest.NewRequest("PUT", "/charges/1", strings.NewReader("x"))
		req.Header.Set(middleware.HeaderIdempotencyKey, "k")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		assert.Equal(t, 201, rec.Code, "PUT is not protected by default")
	}
	assert.Equal(t, int64(2), c.n.Load(), "PUT runs every time")
	rec := post(h, "", "a")
	assert.Equal(t, 400, rec.Code, "Required: a POST without a key")
	assert.Contains(t, rec.Body.String(), "key is empty")
}

func TestIdempotencyInFlightIs409(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	var runs atomic.Int64
	slow := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		runs.Add(1)
		close(started)
		<-release
		w.WriteHeader(202)
	})
	h, err := middleware.Idempotency(slow, middleware.IdempotencySettings{Store: memoryStore()})
	require.NoError(t, err)
	var wg sync.WaitGroup
	var first *httptest.ResponseRecorder
	wg.Go(func() { first = post(h, "k", "a") })
	<-started
	rec := post(h, "k", "a")
	assert.Equal(t, 409, rec.Code, "a retry while the first request runs")
	assert.Equal(t, "1", rec.Header().Get("Retry-After"), "409 says when to retry")
	close(release)
	wg.Wait()
	assert.Equal(t, 202, first.Code, "the first request")
	assert.Equal(t, 202, post(h, "k", "a").Code, "the retry after it completed replays")
	assert.Equal(t, int64(1), runs.Load(), "handler runs")
}

func TestIdempotencyBodyLimit(t *testing.T) {
	c := &charges{}
	h, err := middleware.Idempotency(c, middleware.IdempotencySettings{Store: memoryStore(), MaxBody: 4})
	require.NoError(t, err)
	assert.Equal(t, 201, post(h, "k", "1234").Code, "a body of MaxBody bytes")
	assert.Equal(t, 413, post(h, "k2", "12345").Code, "a body over MaxBody")
	_, err = middleware.Idempotency(c, middleware.IdempotencySettings{Store: memoryStore(), MaxBody: -1})
	require.EqualError(t, err, "middleware: MaxBody must be >= 0, got -1")
	_, err = middleware.Idempotency(c, middleware.IdempotencySettings{})
	require.EqualError(t, err, "middleware: IdempotencySettings.Store is nil")
	_, err = middleware.Idempotency(nil, middleware.IdempotencySettings{Store: memoryStore()})
	require.EqualError(t, err, "middleware: Idempotency needs a handler, got nil")
}

func TestIdempotencyPanicReleasesKey(t *testing.T) {
	var runs atomic.Int64
	h, err := middleware.Idempotency(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if runs.Add(1) == 1 {
			panic("crash")
		}
		w.WriteHeader(200)
	}), middleware.IdempotencySettings{Store: memoryStore()})
	require.NoError(t, err)
	assert.PanicsWithValue(t, "crash", func() { post(h, "k", "a") }, "the panic continues")
	assert.Equal(t, 200, post(h, "k", "a").Code, "the retry runs the handler again")
	assert.Equal(t, int64(2), runs.Load(), "handler runs")
}

// stubStore answers Begin with a fixed claim and error, and fails
// Complete and Release with completeErr.
type stubStore struct {
	claim       store.Claim
	beginErr    error
	completeErr error
}

func (s stubStore) Begin(context.Context, string, string) (store.Claim, error) {
	return s.claim, s.beginErr
}
func (s stubStore) Complete(context.Context, store.Claim, idempotency.Response) error {
	return s.completeErr
}
func (s stubStore) Release(context.Context, store.Claim) error { return s.completeErr }

func TestIdempotencyStoreErrors(t *testing.T) {
	down := fmt.Errorf("redis: %w", store.ErrUnavailable)
	cases := []struct {
		name       string
		s          stubStore
		wantStatus int
		wantErr    error
	}{
		{"unavailable", stubStore{claim: store.Claim{Outcome: idempotency.Invalid}, beginErr: down}, 503, down},
		{"full", stubStore{claim: store.Claim{Outcome: idempotency.Full}, beginErr: idempotency.ErrFull}, 503, nil},
		{"invalid", stubStore{claim: store.Claim{Outcome: idempotency.Invalid}, beginErr: idempotency.ErrInvalidKey}, 400, nil},
		{"complete fails", stubStore{claim: store.Claim{Outcome: idempotency.Fresh, Token: 1}, completeErr: down}, 201, down},
		{"unknown outcome", stubStore{claim: store.Claim{Outcome: idempotency.Outcome(99)}}, 400, nil},
	}
	for _, c := range cases {
		var reported []error
		h, err := middleware.Idempotency(&charges{}, middleware.IdempotencySettings{
			Store:   c.s,
			OnError: func(_ *http.Request, err error) { reported = append(reported, err) },
		})
		require.NoError(t, err)
		rec := post(h, "k", "a")
		assert.Equal(t, c.wantStatus, rec.Code, "%s: status (body %q)", c.name, rec.Body)
		if c.wantErr != nil {
			assert.Equal(t, []error{c.wantErr}, reported, "%s: reported", c.name)
		} else {
			assert.Empty(t, reported, "%s: reported", c.name)
		}
		if c.wantStatus == 503 {
			assert.Equal(t, "1", rec.Header().Get("Retry-After"), "%s: Retry-After", c.name)
		}
	}
}

func TestIdempotencyReleaseErrorReported(t *testing.T) {
	down := errors.New("down")
	var reported []error
	h, err := middleware.Idempotency(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(http.ErrAbortHandler) }),
		middleware.IdempotencySettings{
			Store:   stubStore{claim: store.Claim{Outcome: idempotency.Fresh, Token: 1}, completeErr: down},
			OnError: func(_ *http.Request, err error) { reported = append(reported, err) },
		})
	require.NoError(t, err)
	assert.Panics(t, func() { post(h, "k", "a") })
	assert.Equal(t, []error{down}, reported, "a failed release is reported")
}

func TestIdempotencyStoresSetCookieFirstAndDefaultStatus(t *testing.T) {
	h, err := middleware.Idempotency(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Add("Set-Cookie", "a=1")
		w.Header().Add("Set-Cookie", "b=2")
		_, _ = io.WriteString(w, "done")
	}), middleware.IdempotencySettings{Store: memoryStore()})
	require.NoError(t, err)
	first := post(h, "k", "")
	assert.Equal(t, []string{"a=1", "b=2"}, first.Header().Values("Set-Cookie"), "the first answer keeps both cookies")
	again := post(h, "k", "")
	assert.Equal(t, 200, again.Code, "a handler that only writes answers 200, replayed too")
	assert.Equal(t, "done", again.Body.String())
	assert.Equal(t, []string{"a=1"}, again.Header().Values("Set-Cookie"), "a replay keeps the first cookie")
}
