package bench

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/middleware"
	"github.com/flakylab/flakylab/core/store"
	"github.com/flakylab/flakylab/redisstore"
	"github.com/flakylab/flakylab/redisstore/redisserver"
)

func redisClient(b *testing.B, srv *redisserver.Server) *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, Protocol: 2, ContextTimeoutEnabled: true})
	b.Cleanup(func() { _ = c.Close() })
	return c
}

// BenchmarkRedisTake: one decision of a Redis-backed token bucket that
// allows it, ours (redisstore.Bucket) and go-redis/redis_rate (GCRA), each
// one script per decision on the same local redis-server, with clients of
// the same options. Both store their state on every decision: the rate is
// 10^6 per second, since at 10^9 redis_rate's increment (10^-9 s) vanishes
// in its floating-point timestamp (seconds since 2017, about 3·10^8) and it
// writes nothing at all.
func BenchmarkRedisTake(b *testing.B) {
	srv := redisserver.Start(b)
	ctx := context.Background()
	b.Run("ours", func(b *testing.B) {
		l, err := redisstore.NewBucket(redisClient(b, srv), 1e9, 1e6, redisstore.Settings{Timeout: 10 * time.Second})
		require.NoError(b, err)
		b.ReportAllocs()
		for b.Loop() {
			d, err := l.Take(ctx, "bench", 1)
			if err != nil || !d.Allowed {
				b.Fatal(d, err)
			}
		}
	})
	b.Run("redis_rate", func(b *testing.B) {
		l := redis_rate.NewLimiter(redisClient(b, srv))
		limit := redis_rate.Limit{Rate: 1e6, Burst: 1e9, Period: time.Second}
		b.ReportAllocs()
		for b.Loop() {
			res, err := l.Allow(ctx, "bench", limit)
			if err != nil || res.Allowed != 1 {
				b.Fatal(res, err)
			}
		}
	})
}

// BenchmarkRedisTakeSideBySide: the decisions of BenchmarkRedisTake and
// BenchmarkRedisTakeRefused, ours and redis_rate's taken in turns (which
// goes first alternates), each timed on its own, so that both meet the same
// load on a shared machine; run one after the other, a burst of load that
// hits one side only decides the ratio. It reports the median time of each
// side's decisions and ours/theirs of the medians: the median is a decision
// that no other process delayed.
func BenchmarkRedisTakeSideBySide(b *testing.B) {
	srv := redisserver.Start(b)
	ctx := context.Background()
	cases := []struct {
		name      string
		capacity  float64
		rate      float64
		limit     redis_rate.Limit
		allowed   bool
		bucketKey string
	}{
		{"allowed", 1e9, 1e6, redis_rate.Limit{Rate: 1e6, Burst: 1e9, Period: time.Second}, true, "side"},
		{"refused", 1, 1e-6, redis_rate.Limit{Rate: 1, Burst: 1, Period: 1e6 * time.Second}, false, "side-empty"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			ours, err := redisstore.NewBucket(redisClient(b, srv), c.capacity, c.rate, redisstore.Settings{Timeout: 10 * time.Second})
			require.NoError(b, err)
			theirs := redis_rate.NewLimiter(redisClient(b, srv))
			takeOurs := func() {
				if d, err := ours.Take(ctx, c.bucketKey, 1); err != nil || d.Allowed != c.allowed {
					b.Fatal(d, err)
				}
			}
			takeTheirs := func() {
				if res, err := theirs.Allow(ctx, c.bucketKey, c.limit); err != nil || (res.Allowed == 1) != c.allowed {
					b.Fatal(res, err)
				}
			}
			if !c.allowed { // empty both buckets
				_, _ = ours.Take(ctx, c.bucketKey, 1)
				_, _ = theirs.Allow(ctx, c.bucketKey, c.limit)
			}
			var oursNs, theirsNs []float64
			timed := func(take func(), into *[]float64) {
				start := time.Now()
				take()
				*into = append(*into, float64(time.Since(start).Nanoseconds()))
			}
			i := 0
			for b.Loop() {
				if i%2 == 0 {
					timed(takeOurs, &oursNs)
					timed(takeTheirs, &theirsNs)
				} else {
					timed(takeTheirs, &theirsNs)
					timed(takeOurs, &oursNs)
				}
				i++
			}
			o, t := median(oursNs), median(theirsNs)
			b.ReportMetric(o, "ours-median-ns")
			b.ReportMetric(t, "theirs-median-ns")
			b.ReportMetric(o/t, "ours/theirs")
		})
	}
}

// median returns the middle value of xs (the mean of the two middle ones
// for an even count); it sorts xs.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	m := len(xs) / 2
	if len(xs)%2 == 0 {
		return (xs[m-1] + xs[m]) / 2
	}
	return xs[m]
}

// BenchmarkRedisTakeRefused: a decision that refuses (the bucket is empty).
func BenchmarkRedisTakeRefused(b *testing.B) {
	srv := redisserver.Start(b)
	ctx := context.Background()
	b.Run("ours", func(b *testing.B) {
		l, err := redisstore.NewBucket(redisClient(b, srv), 1, 1e-6, redisstore.Settings{Timeout: 10 * time.Second})
		require.NoError(b, err)
		_, _ = l.Take(ctx, "empty", 1)
		b.ReportAllocs()
		for b.Loop() {
			if d, err := l.Take(ctx, "empty", 1); err != nil || d.Allowed {
				b.Fatal(d, err)
			}
		}
	})
	b.Run("redis_rate", func(b *testing.B) {
		l := redis_rate.NewLimiter(redisClient(b, srv))
		limit := redis_rate.Limit{Rate: 1, Burst: 1, Period: 1e6 * time.Second}
		_, _ = l.Allow(ctx, "empty", limit)
		b.ReportAllocs()
		for b.Loop() {
			if res, err := l.Allow(ctx, "empty", limit); err != nil || res.Allowed != 0 {
				b.Fatal(res, err)
			}
		}
	})
}

// BenchmarkMiddlewareOverhead: one request to an httptest server through
// the middleware, against the same server without it (get-bare, post-bare).
// cmd/ratio prints the difference as the middleware's cost per request.
func BenchmarkMiddlewareOverhead(b *testing.B) {
	srv := redisserver.Start(b)
	hello := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "hello") })
	keyed, err := bucket.NewKeyed(1e9, 1e9, bucket.KeyedSettings{})
	require.NoError(b, err)
	redisLimiter, err := redisstore.NewBucket(redisClient(b, srv), 1e9, 1e9, redisstore.Settings{Timeout: 10 * time.Second})
	require.NoError(b, err)
	redisKeys, err := redisstore.NewIdempotency(redisClient(b, srv), redisstore.IdempotencySettings{Settings: redisstore.Settings{Timeout: 10 * time.Second}})
	require.NoError(b, err)
	limited := func(l store.Limiter) http.Handler {
		h, err := middleware.RateLimit(hello, middleware.RateLimitSettings{Limiter: l})
		require.NoError(b, err)
		return h
	}
	keyedBy := func(s store.Idempotency) http.Handler {
		h, err := middleware.Idempotency(hello, middleware.IdempotencySettings{Store: s})
		require.NoError(b, err)
		return h
	}
	cases := []struct {
		name   string
		h      http.Handler
		post   bool
		newKey bool
	}{
		{"get-bare", hello, false, false},
		{"get-ratelimit-memory", limited(store.NewMemoryLimiter(keyed)), false, false},
		{"get-ratelimit-redis", limited(redisLimiter), false, false},
		{"post-bare", hello, true, false},
		{"post-idempotency-memory-new", keyedBy(store.NewMemoryIdempotency(&idempotency.Store{})), true, true},
		{"post-idempotency-redis-new", keyedBy(redisKeys), true, true},
		{"post-idempotency-redis-replay", keyedBy(redisKeys), true, false},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			s := httptest.NewServer(c.h)
			defer s.Close()
			client := s.Client()
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n++
				req, _ := http.NewRequest("GET", s.URL, nil)
				if c.post {
					req, _ = http.NewRequest("POST", s.URL, strings.NewReader(`{"amount":5000}`))
					key := "replayed"
					if c.newKey {
						key = fmt.Sprintf("%s-%d-%d", c.name, b.N, n)
					}
					req.Header.Set("Idempotency-Key", key)
				}
				resp, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				_ = resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("status %d", resp.StatusCode)
				}
			}
		})
	}
}
