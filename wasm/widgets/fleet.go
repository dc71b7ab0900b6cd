package widgets

import (
	"context"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/store"
)

// FleetConfig is one client's traffic spread by a load balancer over
// Replicas replicas of a service, each limiting with a token bucket of
// Capacity and Rate. The widget method fleetRun starts from DefaultFleet
// and replaces the fields its argument names.
type FleetConfig struct {
	Replicas    int     // 1 to 16
	Capacity    float64 // tokens, > 0
	Rate        float64 // tokens per second, >= 0
	RequestRate float64 // the client's requests per second, > 0, at most 200
	Seconds     float64 // how long the client sends, > 0, at most 120
}

// DefaultFleet is the lesson's preset: 4 replicas, a bucket of 10
// refilling 2 a second, a client sending 20 requests a second for 20 s.
var DefaultFleet = FleetConfig{Replicas: 4, Capacity: 10, Rate: 2, RequestRate: 20, Seconds: 20}

// FleetRun is what the client's requests got in both set-ups.
type FleetRun struct {
	Config FleetConfig
	// Allowance is what one bucket lets through in Seconds:
	// Capacity + Rate·Seconds.
	Allowance float64
	// Own is each replica keeping its buckets in its own memory; Shared
	// is every replica asking one store.
	Own, Shared FleetOutcome
}

// FleetOutcome counts the requests that reached the provider.
type FleetOutcome struct {
	Allowed, Refused int
	// PerSecond[i] is the requests allowed during second i.
	PerSecond []int
	// PerReplica[r] is the requests replica r allowed.
	PerReplica []int
}

// RunFleet simulates c on a virtual clock, with the same store.Limiter
// interface a service uses: per-replica in-memory limiters versus one
// limiter shared by all (in the page an in-memory one stands for Redis).
func RunFleet(c FleetConfig) (FleetRun, error) {
	switch {
	case c.Replicas < 1 || c.Replicas > 16:
		return FleetRun{}, badArg("fleetRun: replicas must be 1 to 16, got %d", c.Replicas)
	case !(c.Capacity > 0 && c.Capacity <= 1e6):
		return FleetRun{}, badArg("fleetRun: capacity must be > 0 and at most 1e6, got %v", c.Capacity)
	case !(c.Rate >= 0 && c.Rate <= 1e6):
		return FleetRun{}, badArg("fleetRun: rate must be >= 0 and at most 1e6, got %v", c.Rate)
	case !(c.RequestRate > 0 && c.RequestRate <= 200):
		return FleetRun{}, badArg("fleetRun: requestRate must be > 0 and at most 200, got %v", c.RequestRate)
	case !(c.Seconds > 0 && c.Seconds <= 120):
		return FleetRun{}, badArg("fleetRun: seconds must be > 0 and at most 120, got %v", c.Seconds)
	}
	var now time.Time
	clock := func() time.Time { return now }
	newLimiter := func() store.Limiter {
		k, _ := bucket.NewKeyed(c.Capacity, c.Rate, bucket.KeyedSettings{Now: clock}) // validated above
		return store.NewMemoryLimiter(k)
	}
	own := make([]store.Limiter, c.Replicas)
	shared := make([]store.Limiter, c.Replicas)
	one := newLimiter()
	for r := range own {
		own[r], shared[r] = newLimiter(), one
	}
	run := FleetRun{Config: c, Allowance: c.Capacity + c.Rate*c.Seconds}
	seconds := int(c.Seconds + 0.999999)
	for _, o := range []*FleetOutcome{&run.Own, &run.Shared} {
		o.PerSecond, o.PerReplica = make([]int, seconds), make([]int, c.Replicas)
	}
	requests := int(c.Seconds * c.RequestRate)
	for i := range requests {
		at := time.Duration(float64(i) / c.RequestRate * float64(time.Second))
		now = Epoch.Add(at)
		r := i % c.Replicas // round robin, as a load balancer spreads one client
		for _, side := range []struct {
			limiters []store.Limiter
			out      *FleetOutcome
		}{{own, &run.Own}, {shared, &run.Shared}} {
			d, _ := side.limiters[r].Take(context.Background(), "client-1", 1) // in memory: never fails
			if !d.Allowed {
				side.out.Refused++
				continue
			}
			side.out.Allowed++
			side.out.PerSecond[min(int(at/time.Second), seconds-1)]++
			side.out.PerReplica[r]++
		}
	}
	return run, nil
}

func fleetRun(_ *API, in args) (any, error) {
	c := DefaultFleet // the keys given replace the preset's values
	if err := decode(&c, in.at(0), "config"); err != nil {
		return nil, err
	}
	run, err := RunFleet(c)
	if err != nil {
		return nil, err
	}
	return encode(run), nil
}
