package middleware_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flakylab/flakylab/core/middleware"
)

// FuzzIdempotencyKeyHeader sends any key header twice with the same body:
// the answer is 400 both times (a bad key, and then the handler never
// runs), or the handler runs once and the second answer is its replay.
func FuzzIdempotencyKeyHeader(f *testing.F) {
	for _, s := range []string{"k1", `"quoted key"`, `"bad\x"`, "", " ", "a\x00b", strings.Repeat("x", 256), `"a\"b"`} {
		f.Add(s, "body")
	}
	f.Fuzz(func(t *testing.T, key, body string) {
		c := &charges{}
		h, err := middleware.Idempotency(c, middleware.IdempotencySettings{Store: memoryStore(), Required: true})
		if err != nil {
			t.Fatal(err)
		}
		send := func() *httptest.ResponseRecorder {
			req := httptest.NewRequest("POST", "/", strings.NewReader(body))
			req.Header[middleware.HeaderIdempotencyKey] = []string{key}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec
		}
		first, second := send(), send()
		switch first.Code {
		case http.StatusBadRequest:
			if second.Code != http.StatusBadRequest || c.n.Load() != 0 {
				t.Fatalf("key %q: first 400, then %d with %d runs", key, second.Code, c.n.Load())
			}
		case http.StatusCreated:
			if second.Code != http.StatusCreated || second.Body.String() != first.Body.String() || second.Header().Get(middleware.HeaderReplayed) != "true" || c.n.Load() != 1 {
				t.Fatalf("key %q: second answer %d %q (replayed %q) after %q, %d runs", key, second.Code, second.Body, second.Header().Get(middleware.HeaderReplayed), first.Body, c.n.Load())
			}
		default:
			t.Fatalf("key %q: status %d", key, first.Code)
		}
	})
}
