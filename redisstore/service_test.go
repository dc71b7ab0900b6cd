package redisstore_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/middleware"
	"github.com/flakylab/flakylab/redisstore"
	"github.com/flakylab/flakylab/redisstore/redisserver"
)

// service:start
// chargeService puts a charge handler behind a rate limit per API key and
// idempotency keys, both kept in Redis and so shared by every replica.
func chargeService(addr string, charge http.Handler) (http.Handler, error) {
	rdb := redis.NewClient(&redis.Options{Addr: addr, ContextTimeoutEnabled: true})
	limits, err := redisstore.NewBucket(rdb, 10, 2, redisstore.Settings{})
	if err != nil {
		return nil, err
	}
	keys, err := redisstore.NewIdempotency(rdb, redisstore.IdempotencySettings{})
	if err != nil {
		return nil, err
	}
	h, err := middleware.Idempotency(charge, middleware.IdempotencySettings{Store: keys})
	if err != nil {
		return nil, err
	}
	return middleware.RateLimit(h, middleware.RateLimitSettings{
		Limiter: limits,
		Key:     func(r *http.Request) string { return r.Header.Get("X-Api-Key") },
	})
}

// service:end

// serviceSnippet is the code between the markers above, as the README and
// the token-bucket lesson show it.
func serviceSnippet(t *testing.T) string {
	src, err := os.ReadFile("service_test.go")
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(src), "// service:start\n")
	require.True(t, ok, "start marker")
	snippet, _, ok := strings.Cut(rest, "\n// service:end")
	require.True(t, ok, "end marker")
	return strings.TrimSpace(snippet)
}

// TestServiceSnippetRunsAndIsShown runs the README's "use it in a
// service" code on two replicas sharing a real Redis, and checks that the
// README and the lesson show exactly that code.
func TestServiceSnippetRunsAndIsShown(t *testing.T) {
	srv := redisserver.Start(t)
	charged := 0
	charge := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		charged++
		w.WriteHeader(http.StatusCreated)
	})
	var replicas []*httptest.Server
	for range 2 {
		h, err := chargeService(srv.Addr, charge)
		require.NoError(t, err)
		s := httptest.NewServer(h)
		t.Cleanup(s.Close)
		replicas = append(replicas, s)
	}
	send := func(replica int, key string) int {
		req, err := http.NewRequest("POST", replicas[replica].URL+"/charges", strings.NewReader("amount=50"))
		require.NoError(t, err)
		req.Header.Set("X-Api-Key", "customer-1")
		req.Header.Set("Idempotency-Key", key)
		resp, err := replicas[replica].Client().Do(req)
		require.NoError(t, err)
		require.NoError(t, resp.Body.Close())
		return resp.StatusCode
	}
	assert.Equal(t, 201, send(0, "order-1"), "a charge on replica 0")
	assert.Equal(t, 201, send(1, "order-1"), "its retry on replica 1 is replayed")
	assert.Equal(t, 1, charged, "charged once")
	codes := map[int]int{}
	for i := range 12 {
		codes[send(i%2, fmt.Sprintf("order-%d", i+2))]++
	}
	assert.Equal(t, map[int]int{201: 8, 429: 4}, codes, "the two replicas share one bucket of 10 for the API key (2 spent above)")

	snippet := serviceSnippet(t)
	for _, doc := range []string{"../README.md", "../web/lessons/01-token-bucket.md"} {
		b, err := os.ReadFile(doc)
		require.NoError(t, err)
		assert.Contains(t, string(b), snippet, "%s shows the service code of redisstore/service_test.go", doc)
	}
}
