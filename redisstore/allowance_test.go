package redisstore_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/store"
	"github.com/flakylab/flakylab/redisstore"
	"github.com/flakylab/flakylab/redisstore/redisserver"
)

// The fleet of the shared-allowance property: 8 replicas, each with its
// own Redis client and a clock skewed by up to ±2 s, 4 workers each.
const (
	replicas          = 8
	workersPerReplica = 4
	allowanceCapacity = 500.0
	allowanceRate     = 100.0
	hammerFor         = 2 * time.Second
)

// skews are the replicas' clock errors, from -2 s to +2 s.
var skews = [replicas]time.Duration{-2 * time.Second, -1500 * time.Millisecond, -700 * time.Millisecond, -100 * time.Millisecond, 0, 600 * time.Millisecond, 1300 * time.Millisecond, 2 * time.Second}

// serverTime reads the Redis server's clock, the one the bucket runs on.
func serverTime(t *testing.T, rdb *redis.Client) time.Time {
	t.Helper()
	now, err := rdb.Time(context.Background()).Result()
	require.NoError(t, err)
	return now
}

// hammer runs the workers of every replica against one key until stop is
// closed and then until each worker is refused once (the bucket is
// drained), and returns how many requests each replica had allowed.
func hammer(limiters [replicas]store.Limiter, clocks [replicas]func() time.Time, stop <-chan struct{}) (allowed, refused [replicas]int64, errs int64) {
	var wg sync.WaitGroup
	var errCount atomic.Int64
	for r := range replicas {
		for range workersPerReplica {
			wg.Go(func() {
				draining := false
				for {
					select {
					case <-stop:
						// After the stop, spend what is left: a worker
						// stalled by a busy machine just before the stop
						// would otherwise leave tokens in the bucket.
						draining = true
					default:
					}
					_ = clocks[r]() // each replica lives on its own clock; the Redis bucket never asks it
					d, err := limiters[r].Take(context.Background(), "tenant-42", 1)
					switch {
					case err != nil:
						errCount.Add(1)
						if draining {
							return
						}
					case d.Allowed:
						atomic.AddInt64(&allowed[r], 1)
					default:
						atomic.AddInt64(&refused[r], 1)
						if draining {
							return
						}
					}
				}
			})
		}
	}
	wg.Wait()
	return allowed, refused, errCount.Load()
}

func sum(xs [replicas]int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// TestSharedAllowance: 8 replicas hammering one Redis bucket of capacity C
// and rate R for T seconds are allowed, in all, at most C + R·T (+1) and
// at least 99 % of C + R·T. T is measured on the Redis server's clock, from
// the first request, which takes the whole burst C at once (so the workers'
// start-up, slow on a busy machine, is refill time the bucket keeps): to
// after the last answer for the upper bound, and to the last allowed
// request (the instant the bucket records) for the lower one, so that a
// worker stalled at the very end does not count as tokens the bucket
// failed to hand out.
func TestSharedAllowance(t *testing.T) {
	srv := redisserver.Start(t)
	var limiters [replicas]store.Limiter
	var clocks [replicas]func() time.Time
	var key string
	for r := range replicas {
		b, err := redisstore.NewBucket(newClient(t, srv), allowanceCapacity, allowanceRate, redisstore.Settings{Timeout: 30 * time.Second})
		require.NoError(t, err)
		limiters[r], key = b, b.Key("tenant-42")
		skew := skews[r]
		clocks[r] = func() time.Time { return time.Now().Add(skew) }
	}
	admin := newClient(t, srv)
	lastUpdate := func() time.Time {
		state, err := admin.Get(context.Background(), key).Result()
		require.NoError(t, err, "the bucket's state")
		_, at, _ := strings.Cut(state, " ") // "tokens at"
		us, err := strconv.ParseInt(at, 10, 64)
		require.NoError(t, err, "the bucket's last update in %q", state)
		return time.UnixMicro(us)
	}
	burst, err := limiters[0].Take(context.Background(), "tenant-42", allowanceCapacity)
	require.NoError(t, err)
	require.True(t, burst.Allowed, "the first request takes the whole burst")
	start := lastUpdate()
	stop := make(chan struct{})
	time.AfterFunc(hammerFor, func() { close(stop) })
	allowed, refused, errs := hammer(limiters, clocks, stop)
	end := serverTime(t, admin)
	last := lastUpdate()

	total := int64(allowanceCapacity) + sum(allowed)
	upper := allowanceCapacity + allowanceRate*end.Sub(start).Seconds() + 1
	lower := 0.99 * (allowanceCapacity + allowanceRate*last.Sub(start).Seconds())
	t.Logf("shared allowance: C=%v R=%v/s, %d replicas x %d workers, T=%.3fs (to the last allowed request) / %.3fs (to the last answer) on the Redis clock: allowed %d (per replica %v), refused %d, errors %d; bounds [%.1f, %.1f]",
		allowanceCapacity, allowanceRate, replicas, workersPerReplica, last.Sub(start).Seconds(), end.Sub(start).Seconds(), total, allowed, sum(refused), errs, lower, upper)
	require.Zero(t, errs, "Redis errors")
	assert.LessOrEqual(t, float64(total), upper, "allowed %d, want at most C + R·T + 1 = %.1f", total, upper)
	assert.GreaterOrEqual(t, float64(total), lower, "allowed %d, want at least 99%% of C + R·T = %.1f", total, lower)
	assert.Positive(t, sum(refused), "the workers outran the rate, so some requests were refused")
	for r, n := range allowed {
		assert.Positive(t, n, "replica %d (clock %+v) got some of the allowance", r, skews[r])
	}
}

// TestPerReplicaBucketsMultiplyTheAllowance is the property's control: the
// same fleet with one in-memory bucket per replica (each on its own skewed
// clock) lets through about N times the allowance, which is what a shared
// store prevents. The load balancer sends the client's requests to the
// replicas in turn until every replica has refused one.
func TestPerReplicaBucketsMultiplyTheAllowance(t *testing.T) {
	var limiters [replicas]store.Limiter
	for r := range replicas {
		skew := skews[r]
		k, err := bucket.NewKeyed(allowanceCapacity, allowanceRate, bucket.KeyedSettings{Now: func() time.Time { return time.Now().Add(skew) }})
		require.NoError(t, err)
		limiters[r] = store.NewMemoryLimiter(k)
	}
	var allowed, refused [replicas]int64
	began := time.Now()
	for i := 0; ; i++ {
		r := i % replicas
		d, err := limiters[r].Take(context.Background(), "tenant-42", 1)
		require.NoError(t, err)
		if d.Allowed {
			allowed[r]++
		} else {
			refused[r]++
		}
		if !slices.Contains(refused[:], 0) {
			break
		}
	}
	elapsed := time.Since(began).Seconds()
	total := sum(allowed)
	shared := allowanceCapacity + allowanceRate*elapsed + 1
	t.Logf("own buckets: allowed %d in %.3fs, %.1f times what one shared bucket allows (%.1f)", total, elapsed, float64(total)/shared, shared)
	assert.GreaterOrEqual(t, float64(total), float64(replicas)*allowanceCapacity, "each replica hands out its own burst: %v", allowed)
	assert.Greater(t, float64(total), shared, "more than one shared bucket would allow")
}
