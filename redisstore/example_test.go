package redisstore_test

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/flakylab/flakylab/redisstore"
)

// Every replica builds the same Bucket over the same Redis: they share one
// bucket per key. (Not run as a test: it needs a Redis on localhost:6379;
// TestServiceSnippetRunsAndIsShown runs the same calls on a real server.)
func ExampleBucket() {
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379", ContextTimeoutEnabled: true})
	defer rdb.Close()
	limiter, err := redisstore.NewBucket(rdb, 10, 2, redisstore.Settings{
		Timeout:  50 * time.Millisecond,
		FailOpen: true, // if Redis is down, serve without a limit rather than not at all
		OnError:  func(err error) { fmt.Println("rate limiter:", err) },
	})
	if err != nil {
		panic(err)
	}
	d, err := limiter.Take(context.Background(), "api-key-123", 1)
	fmt.Println(d.Allowed, d.Remaining, d.RetryAfter, err)
}
