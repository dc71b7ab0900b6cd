package middleware_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/middleware"
	"github.com/flakylab/flakylab/core/store"
)

// A payment endpoint behind both handlers, with the in-memory stores: a
// retried charge is replayed instead of charged again, a key reused for
// another amount is refused, and the fourth request in a burst from one
// client is over its limit of 3.
func Example() {
	charged := 0
	charge := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		charged++
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, "charge %d", charged)
	})
	limiter, _ := bucket.NewKeyed(3, 1, bucket.KeyedSettings{})
	keys, _ := idempotency.New(idempotency.Settings{})
	h, err := middleware.Idempotency(charge, middleware.IdempotencySettings{Store: store.NewMemoryIdempotency(keys)})
	if err != nil {
		panic(err)
	}
	h, err = middleware.RateLimit(h, middleware.RateLimitSettings{Limiter: store.NewMemoryLimiter(limiter)})
	if err != nil {
		panic(err)
	}
	for _, r := range []struct{ key, amount string }{{"k1", "50"}, {"k1", "50"}, {"k1", "70"}, {"k2", "50"}} {
		req := httptest.NewRequest("POST", "/charges", strings.NewReader("amount="+r.amount))
		req.Header.Set("Idempotency-Key", r.key)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		fmt.Printf("%s amount=%s: %d %q replayed=%q RateLimit=%s\n", r.key, r.amount, rec.Code,
			strings.TrimSpace(rec.Body.String()), rec.Header().Get("Idempotent-Replayed"), rec.Header().Get("RateLimit"))
	}
	fmt.Println("charged", charged, "time")
	// Output:
	// k1 amount=50: 201 "charge 1" replayed="" RateLimit="default";r=2;t=1
	// k1 amount=50: 201 "charge 1" replayed="true" RateLimit="default";r=1;t=2
	// k1 amount=70: 422 "this idempotency key was used with a different request" replayed="" RateLimit="default";r=0;t=3
	// k2 amount=50: 429 "rate limit exceeded; retry after 1 s" replayed="" RateLimit="default";r=0;t=1
	// charged 1 time
}
