package store_test

import (
	"context"
	"fmt"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/store"
)

// Three replicas of a service, each with its own in-memory limiter of 2
// requests, let one client through six times; the same three replicas
// sharing one limiter let it through twice. A store shared by a real fleet
// lives in Redis (package redisstore), behind the same interface.
func Example() {
	newLimiter := func() store.Limiter {
		k, _ := bucket.NewKeyed(2, 0.1, bucket.KeyedSettings{})
		return store.NewMemoryLimiter(k)
	}
	own := []store.Limiter{newLimiter(), newLimiter(), newLimiter()}
	one := newLimiter()
	shared := []store.Limiter{one, one, one}
	for _, fleet := range []struct {
		name     string
		replicas []store.Limiter
	}{{"own buckets", own}, {"one shared bucket", shared}} {
		allowed := 0
		for i := range 12 { // the load balancer sends request i to replica i%3
			d, _ := fleet.replicas[i%3].Take(context.Background(), "client-1", 1)
			if d.Allowed {
				allowed++
			}
		}
		fmt.Printf("%s: %d of 12 allowed\n", fleet.name, allowed)
	}
	// Output:
	// own buckets: 6 of 12 allowed
	// one shared bucket: 2 of 12 allowed
}

// A claim carries a token; only the current claim of a key can complete
// it.
func ExampleMemoryIdempotency() {
	s := store.NewMemoryIdempotency(&idempotency.Store{})
	ctx := context.Background()
	c, _ := s.Begin(ctx, "order-7", "fp")
	fmt.Println(c.Outcome, c.Token)
	again, _ := s.Begin(ctx, "order-7", "fp")
	fmt.Println(again.Outcome)
	_ = s.Complete(ctx, c, idempotency.Response{Status: 201, Body: []byte("created")})
	replay, _ := s.Begin(ctx, "order-7", "fp")
	fmt.Println(replay.Outcome, replay.Response.Status, string(replay.Response.Body))
	// Output:
	// fresh 1
	// in flight
	// replay 201 created
}
