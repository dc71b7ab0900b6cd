package bucket_test

import (
	"fmt"
	"net/http"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

// A bucket of 3 tokens refilling at 1 token per second lets a burst of 3
// through, then refuses until a token has grown back, and says exactly how
// long that takes.
func Example() {
	b, err := bucket.New(3, 1)
	if err != nil {
		panic(err)
	}
	t0 := time.Unix(0, 0) // the instant the bucket is created
	for _, at := range []float64{0.0, 0.1, 0.2, 0.3, 0.4, 1.5, 1.6} {
		d := b.TakeAt(t0.Add(time.Duration(at*float64(time.Second))), 1)
		if d.Allowed {
			fmt.Printf("t=%.1fs allowed\n", at)
			continue
		}
		wait := d.RetryAfter.Round(time.Millisecond).Seconds()
		fmt.Printf("t=%.1fs 429 retry after %gs\n", at, wait)
	}
	// Output:
	// t=0.0s allowed
	// t=0.1s allowed
	// t=0.2s allowed
	// t=0.3s 429 retry after 0.7s
	// t=0.4s 429 retry after 0.6s
	// t=1.5s allowed
	// t=1.6s 429 retry after 0.4s
}

// Requests arriving at the same instant spend the burst: with capacity 4,
// the fifth and sixth are refused whatever the rate.
func ExampleBucket_AllowAt() {
	b, _ := bucket.New(4, 2)
	now := time.Unix(0, 0)
	for range 6 {
		fmt.Print(b.AllowAt(now), " ")
	}
	fmt.Println()
	// Output: true true true true false false
}

// A bucket never holds more than its capacity, however long it sits idle.
func ExampleBucket_TakeAt_idle() {
	b, _ := bucket.New(10, 2)
	t0 := time.Unix(0, 0)
	b.AllowNAt(t0, 10) // spend everything
	later := t0.Add(60 * time.Second)
	fmt.Println("tokens after a minute idle:", b.TokensAt(later))
	allowed, refused := 0, 0
	for range 15 {
		if b.TakeAt(later, 1).Allowed {
			allowed++
		} else {
			refused++
		}
	}
	fmt.Printf("%d allowed, %d refused with 429\n", allowed, refused)
	// Output:
	// tokens after a minute idle: 10
	// 10 allowed, 5 refused with 429
}

// WaitAt tells a client how long to hold a request so that it goes through.
func ExampleBucket_WaitAt() {
	b, _ := bucket.New(2, 0.5) // one token every 2 seconds
	t0 := time.Unix(0, 0)
	b.AllowNAt(t0, 2)
	wait, ok := b.WaitAt(t0, 1)
	fmt.Println(wait, ok, b.AllowAt(t0.Add(wait)))
	_, ok = b.WaitAt(t0, 3) // more than the bucket can ever hold
	fmt.Println(ok)
	// Output:
	// 2s true true
	// false
}

// One bucket per API key: a busy key runs out without affecting the others.
func ExampleKeyed() {
	k, _ := bucket.NewKeyed(2, 1, bucket.KeyedSettings{MaxKeys: 1000})
	t0 := time.Unix(0, 0)
	for _, key := range []string{"alice", "alice", "alice", "bob"} {
		d := k.TakeAt(key, t0, 1)
		fmt.Printf("%s allowed=%v retry after %v\n", key, d.Allowed, d.RetryAfter)
	}
	fmt.Println("buckets tracked:", k.Len())
	// A second later alice has one token back; bob's bucket is full again,
	// so the next sweep forgets it.
	fmt.Println("alice at t0+1s:", k.AllowAt("alice", t0.Add(time.Second)))
	// Output:
	// alice allowed=true retry after 0s
	// alice allowed=true retry after 0s
	// alice allowed=false retry after 1s
	// bob allowed=true retry after 0s
	// buckets tracked: 2
	// alice at t0+1s: true
}

// A server turns a decision into response headers; http.Header satisfies
// the HeaderSetter interface.
func ExampleDecision_SetHeaders() {
	b, _ := bucket.New(100, 100.0/60) // 100 requests a minute, in bursts of up to 100
	policy := bucket.PolicyFor("default", b.Capacity(), b.Rate())
	t0 := time.Unix(0, 0)
	b.AllowNAt(t0, 100)

	d := b.TakeAt(t0.Add(300*time.Millisecond), 1)
	h := http.Header{}
	d.SetHeaders(h, policy)
	if !d.Allowed {
		fmt.Println("status: 429")
	}
	for _, name := range []string{"Retry-After", "RateLimit-Policy", "RateLimit",
		"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"} {
		fmt.Printf("%s: %s\n", name, h.Get(name))
	}
	// Output:
	// status: 429
	// Retry-After: 1
	// RateLimit-Policy: "default";q=100;w=60
	// RateLimit: "default";r=0;t=1
	// X-RateLimit-Limit: 100
	// X-RateLimit-Remaining: 0
	// X-RateLimit-Reset: 60
}

// A client reads the server's fields to slow down before it is refused.
func ExampleParseRateLimit() {
	limits, err := bucket.ParseRateLimit(`"default";r=5;t=30, "daily";r=900`)
	if err != nil {
		fmt.Println("ignore the field:", err)
		return
	}
	for _, l := range limits {
		fmt.Printf("%s: %d left, reset known: %v (%ds)\n", l.Name, l.Remaining, l.HasReset, l.Reset)
	}
	_, err = bucket.ParseRateLimit(`default;r=5`)
	fmt.Println(err)
	// Output:
	// default: 5 left, reset known: true (30s)
	// daily: 900 left, reset known: false (0s)
	// bucket: RateLimit: list member must be a String naming a policy at offset 0
}

func ExampleParseRateLimitPolicy() {
	policies, _ := bucket.ParseRateLimitPolicy(`"permin";q=50;w=60,"perhr";q=1000;w=3600`)
	for _, p := range policies {
		fmt.Printf("%s: %d per %ds\n", p.Name, p.Quota, p.Window)
	}
	// Output:
	// permin: 50 per 60s
	// perhr: 1000 per 3600s
}
