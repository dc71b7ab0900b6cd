package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/middleware"
	"github.com/flakylab/flakylab/core/store"
	"github.com/flakylab/flakylab/redisstore"
	"github.com/flakylab/flakylab/redisstore/redisserver"
)

// service is one replica under load: RateLimit(Idempotency(handler)) over
// the Redis stores, each request with a key of its own.
type service struct {
	srv     *httptest.Server
	rdb     *redis.Client
	errors  atomic.Int64 // errors the stores reported to OnError
	handled atomic.Int64
}

func newService(t *testing.T, addr string, failOpen bool) *service {
	s := &service{rdb: redis.NewClient(&redis.Options{Addr: addr, Protocol: 2, DialTimeout: 200 * time.Millisecond, MaxRetries: -1, ContextTimeoutEnabled: true})}
	settings := redisstore.Settings{Timeout: 3 * time.Second, FailOpen: failOpen, OnError: func(error) { s.errors.Add(1) }}
	limiter, err := redisstore.NewBucket(s.rdb, 20, 20, settings)
	require.NoError(t, err)
	keys, err := redisstore.NewIdempotency(s.rdb, redisstore.IdempotencySettings{Settings: settings})
	require.NoError(t, err)
	h, err := middleware.Idempotency(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		s.handled.Add(1)
		w.WriteHeader(http.StatusCreated)
	}), middleware.IdempotencySettings{Store: keys})
	require.NoError(t, err)
	h, err = middleware.RateLimit(h, middleware.RateLimitSettings{Limiter: limiter, Key: func(*http.Request) string { return "one-client" }})
	require.NoError(t, err)
	s.srv = httptest.NewServer(h)
	return s
}

func (s *service) close() {
	s.srv.Close()
	_ = s.rdb.Close()
}

// load sends POSTs with fresh keys from a few workers and tallies the
// statuses per phase; phase changes when the test says so.
type load struct {
	client *http.Client
	urls   []string
	next   atomic.Int64
	phase  atomic.Int32
	mu     sync.Mutex
	counts [6]map[int]int // per phase: status -> count (0 for a transport error)
}

func (l *load) run(stop <-chan struct{}, workers int) *sync.WaitGroup {
	for i := range l.counts {
		l.counts[i] = map[int]int{}
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := l.next.Add(1)
				req, _ := http.NewRequest("POST", l.urls[w%len(l.urls)], nil)
				req.Header.Set("Idempotency-Key", fmt.Sprintf("req-%d", n))
				phase := l.phase.Load()
				status := 0
				if resp, err := l.client.Do(req); err == nil {
					status = resp.StatusCode
					if status == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") == "" {
						status = -503 // a 503 without Retry-After: not what the middleware sends
					}
					_ = resp.Body.Close()
				}
				if l.phase.Load() != phase {
					continue // sent in one phase, answered in the next: counted in neither
				}
				l.mu.Lock()
				l.counts[phase][status]++
				l.mu.Unlock()
				time.Sleep(2 * time.Millisecond)
			}
		})
	}
	return &wg
}

func (l *load) tally(phase int) map[int]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[int]int{}
	for k, v := range l.counts[phase] {
		out[k] = v
	}
	return out
}

// waitUntil polls cond every 20 ms for up to 2 minutes (a generous bound:
// only a failing run, or a machine overloaded by other builds, waits long).
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		require.True(t, time.Now().Before(deadline), "timed out waiting until %s", what)
		time.Sleep(20 * time.Millisecond)
	}
}

// TestFaultsRedisStoppedAndRestarted runs 4 replicas under load, kills
// Redis in the middle, and restarts it. Phases: 0 Redis up, 2 Redis down,
// 4 Redis restarted, until it has decided 50 requests, 5 the 200 requests
// after that. Phases 1 and 3 are the kill and the restart themselves: a
// request sent while Redis is still dying, or already back, is decided by
// either, so they are tallied but not judged. Failing closed answers 503 with Retry-After while Redis is
// down; failing open lets every request through. Either way nothing
// panics, the service answers from Redis again once it is back, and when
// everything is closed the goroutines are back to their baseline.
func TestFaultsRedisStoppedAndRestarted(t *testing.T) {
	for _, failOpen := range []bool{false, true} {
		name := map[bool]string{false: "fail closed", true: "fail open"}[failOpen]
		t.Run(name, func(t *testing.T) {
			baseline := runtime.NumGoroutine()
			srv := redisserver.Start(t)
			var services []*service
			l := &load{client: &http.Client{Timeout: 10 * time.Second}}
			for range 4 {
				s := newService(t, srv.Addr, failOpen)
				services = append(services, s)
				l.urls = append(l.urls, s.srv.URL)
			}
			stop := make(chan struct{})
			wg := l.run(stop, 8)
			decided := func(phase int) func() bool {
				return func() bool { c := l.tally(phase); return c[201] >= 50 && c[429] >= 5 }
			}
			waitUntil(t, "Redis decides requests", decided(0))

			l.phase.Store(1) // requests that straddle the kill count in neither phase
			srv.Kill()
			l.phase.Store(2)
			waitUntil(t, "requests meet the outage", func() bool { c := l.tally(2); return c[201]+c[503] >= 100 })
			reported := int64(0)
			for _, s := range services {
				reported += s.errors.Load()
			}

			l.phase.Store(3)
			srv.Restart(t)
			l.phase.Store(4)
			restarted := time.Now()
			waitUntil(t, "Redis refuses a request again", func() bool { return l.tally(4)[429] > 0 })
			recovery := time.Since(restarted)
			waitUntil(t, "Redis decides requests again", decided(4))
			l.phase.Store(5)
			waitUntil(t, "200 more requests", func() bool { c := l.tally(5); return c[201]+c[429]+c[503] >= 200 })
			close(stop)
			wg.Wait()

			before, during, after, resumed := l.tally(0), l.tally(2), l.tally(4), l.tally(5)
			t.Logf("%s: statuses with Redis up %v; Redis down %v (%d errors reported); Redis restarted %v, first 429 from Redis %v after the restart; then %v",
				name, before, during, reported, after, recovery.Round(time.Millisecond), resumed)
			assert.Subset(t, []int{201, 429}, keys(before), "statuses while Redis is up")
			if failOpen {
				assert.Equal(t, []int{201}, keys(during), "fail open: every request is let through while Redis is down")
			} else {
				assert.Equal(t, []int{503}, keys(during), "fail closed: 503 with Retry-After while Redis is down")
			}
			assert.Positive(t, reported, "the errors reach OnError")
			assert.Subset(t, []int{201, 429, 503}, keys(after), "statuses after the restart, while the clients reconnect")
			assert.Subset(t, []int{201, 429}, keys(resumed), "statuses once Redis decides again")

			for _, s := range services {
				stats := s.rdb.PoolStats()
				assert.LessOrEqual(t, int(stats.TotalConns), s.rdb.Options().PoolSize, "connections held by one client")
				s.close()
			}
			l.client.CloseIdleConnections()
			srv.Stop()
			waitUntil(t, fmt.Sprintf("the goroutines are back to the baseline of %d (now %d)", baseline, runtime.NumGoroutine()), func() bool {
				return runtime.NumGoroutine() <= baseline
			})
		})
	}
}

func keys(m map[int]int) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestSlowRedisTimesOut pauses Redis (CLIENT PAUSE, 1 s) for longer than the
// stores' timeout: the call gives up and the failure policy decides, with
// no decision from Redis.
func TestSlowRedisTimesOut(t *testing.T) {
	srv := redisserver.Start(t)
	admin := newClient(t, srv)
	ctx := context.Background()
	var reported []error
	closed, err := redisstore.NewBucket(newClient(t, srv), 5, 1, redisstore.Settings{Timeout: 100 * time.Millisecond, OnError: func(err error) { reported = append(reported, err) }})
	require.NoError(t, err)
	open, err := redisstore.NewBucket(newClient(t, srv), 5, 1, redisstore.Settings{Timeout: 100 * time.Millisecond, FailOpen: true})
	require.NoError(t, err)
	keys, err := redisstore.NewIdempotency(newClient(t, srv), redisstore.IdempotencySettings{Settings: redisstore.Settings{Timeout: 100 * time.Millisecond}})
	require.NoError(t, err)
	openKeys, err := redisstore.NewIdempotency(newClient(t, srv), redisstore.IdempotencySettings{Settings: redisstore.Settings{Timeout: 100 * time.Millisecond, FailOpen: true}})
	require.NoError(t, err)
	// Connect every client before the pause, so only the commands wait.
	for _, l := range []store.Limiter{closed, open} {
		_, err := l.Take(ctx, "warm", 1)
		require.NoError(t, err)
	}
	_, err = keys.Begin(ctx, "warm", "fp")
	require.NoError(t, err)
	_, err = openKeys.Begin(ctx, "warm", "fp")
	require.NoError(t, err)

	require.NoError(t, admin.Do(ctx, "CLIENT", "PAUSE", "1000", "ALL").Err())
	defer admin.Do(ctx, "CLIENT", "UNPAUSE")

	_, err = closed.Take(ctx, "k", 1)
	require.ErrorIs(t, err, store.ErrUnavailable, "fail closed: the limiter's error")
	require.ErrorIs(t, err, context.DeadlineExceeded, "because the call timed out")
	require.Len(t, reported, 1, "and OnError heard of it")

	d, err := open.Take(ctx, "k", 1)
	require.NoError(t, err, "fail open")
	assert.True(t, d.Allowed, "fail open allows")
	assert.Equal(t, 4.0, d.Remaining, "as a fresh bucket would")

	c, err := keys.Begin(ctx, "k", "fp")
	require.ErrorIs(t, err, store.ErrUnavailable, "fail closed: the idempotency store's error")
	assert.NotEqual(t, "fresh", c.Outcome.String(), "no claim")
	c, err = openKeys.Begin(ctx, "k", "fp")
	require.NoError(t, err)
	assert.Equal(t, "fresh", c.Outcome.String(), "fail open: the key is treated as new")
	assert.Zero(t, c.Token, "with a claim that is not recorded")
	require.NoError(t, openKeys.Complete(ctx, c, idempotencyResponse()), "completing it stores nothing")
	assert.False(t, errors.Is(err, store.ErrUnavailable))
}

func idempotencyResponse() idempotency.Response { return idempotency.Response{Status: 200} }
