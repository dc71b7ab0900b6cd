package storm

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/bucket"
)

// Tick is the overload model's resolution: its clock moves in whole ticks,
// every duration of a Config is rounded down to a whole number of them
// (a RoundTrip to at least one), and everything that happens within one
// tick happens at the same instant.
const Tick = time.Millisecond

// Slice is one bucket of the load-over-time series: the calls that reached
// the provider in [Start, Start+width) and how they ended.
type Slice struct {
	// Start is when the slice begins, from the start of the run.
	Start time.Duration
	// Offered is the number of calls that arrived, first tries and retries.
	Offered int
	// Retries is how many of Offered were retries.
	Retries int
	// Succeeded and Failed split Offered by outcome. Failed counts the
	// outage's 503s, the overload rejections (429) and the calls dropped
	// when the outage began.
	Succeeded, Failed int
}

// Result is what Run measured.
type Result struct {
	// Slices is the load over time, one entry per Config.Slice from 0 to
	// the end of the run.
	Slices []Slice
	// Requests is the work the clients were given: one request per client
	// per RequestInterval during Duration.
	Requests int
	// TotalCalls is the number of calls that reached the provider;
	// Successes and Failures split it by outcome.
	TotalCalls, Successes, Failures int
	// GaveUp is the number of requests abandoned without success: attempts
	// exhausted, or refused by the client's own open breaker (Refused
	// counts those).
	GaveUp, Refused int
	// Unfinished is the number of requests still retrying when the run
	// stopped at 2·Duration. It is zero when all work was settled.
	Unfinished int
	// Completion is when the last client's work finished: the instant its
	// last request succeeded or was given up. When work was left unfinished
	// it is the instant the run stopped.
	Completion time.Duration
}

// sim is the state of one overload run. Clients that are in the same state
// at the same instant travel together as a cohort (cohort.go), so that a
// storm of retries costs the simulator a step per cohort, not per call.
type sim struct {
	c       Config
	w       waiter
	rng     *rand.Rand
	cal     calendar
	clients []client
	// Durations of the Config in ticks.
	interval, roundTrip, service, outageStart, outageEnd, horizon int64
	// sat is the attempt count beyond which nothing a client does depends
	// on it (see saturation); fast is set when no client has state of its
	// own beyond its backlog (no breaker, no rate limit), so a cohort can
	// call and wait as one.
	sat      int32
	fast     bool
	cohorts  cohorts
	provider gate
	// sliceTicks is Config.Slice in ticks when it is a whole number of
	// them (else 0: the slice of a tick is found with durations).
	sliceTicks int64
	res        Result
}

// gate is the provider's admission: a token bucket holding Capacity·Burst
// tokens and refilling Capacity a second, starting full. It computes
// exactly as core/bucket does, in ticks and without the lock a bucket
// shared between goroutines needs (a run is one goroutine).
type gate struct {
	tokens, capacity, rate float64
	last                   int64 // tick of the last refill
}

// at refills the gate up to tick t and returns the tokens it holds.
func (g *gate) at(t int64) float64 {
	if d := t - g.last; d > 0 {
		if g.tokens < g.capacity {
			g.tokens = min(g.tokens+float64(d*int64(Tick))*g.rate/1e9, g.capacity)
		}
		g.last = t
	}
	return g.tokens
}

// client is one sequential client: it works through its requests one at a
// time, in order of arrival.
type client struct {
	first    int64         // arrival of its first request, in ticks
	requests int32         // requests it gets in all
	settled  int32         // requests succeeded or given up
	prev     time.Duration // previous backoff, for Decorrelated
	br       *breaker.Breaker
	tk       breaker.Ticket
	limit    *bucket.Bucket
}

// instant turns a tick into the time.Time the breaker and the buckets
// work with.
func instant(t int64) time.Time { return time.Unix(0, t*int64(Tick)) }

// ticks rounds a duration down to whole ticks.
func ticks(d time.Duration) int64 { return int64(d / Tick) }

// Run simulates the overload model; the package documentation describes
// it. It returns an error only when c is invalid.
func Run(c Config) (Result, error) {
	if err := c.Validate(); err != nil {
		return Result{}, err
	}
	c = c.withDefaults()
	s, err := newSim(c)
	if err != nil {
		return Result{}, err
	}
	s.run()
	return s.res, nil
}

func newSim(c Config) (*sim, error) {
	w, err := newWaiter(c.Strategy, c.Base, c.Cap)
	if err != nil {
		return nil, err
	}
	burst := max(1, float64(c.Capacity)*c.Burst.Seconds())
	s := &sim{
		c: c, w: w,
		rng:      rand.New(rand.NewPCG(c.Seed, overloadStream)),
		provider: gate{tokens: burst, capacity: burst, rate: float64(c.Capacity)},
		clients:  make([]client, c.Clients),
		// A round trip takes at least a tick, so that a client retrying at
		// once still moves the clock forward.
		interval: ticks(c.RequestInterval), roundTrip: max(ticks(c.RoundTrip), 1), service: ticks(c.ServiceTime),
		outageStart: ticks(c.OutageStart), outageEnd: ticks(c.OutageEnd), horizon: 2 * ticks(c.Duration),
		sat:  saturation(c),
		fast: !c.Breaker && c.ClientRate == 0,
	}
	s.cohorts.init(c.Clients)
	s.cal.init()
	if c.Slice%Tick == 0 {
		s.sliceTicks = ticks(c.Slice)
	}
	s.res.Slices = make([]Slice, 0, int(c.Duration/c.Slice)+1)
	duration := ticks(c.Duration)
	for i := range s.clients {
		cl := &s.clients[i]
		cl.first = s.rng.Int64N(s.interval)
		if cl.first < duration {
			cl.requests = int32((duration-cl.first-1)/s.interval) + 1
		}
		s.res.Requests += int(cl.requests)
		if c.Breaker {
			cl.br, err = breaker.New(breaker.Settings{
				Threshold: c.BreakerThreshold,
				Cooldown:  c.BreakerCooldown,
				Now:       func() time.Time { return instant(0) }, // every call passes the instant
			})
			if err != nil {
				return nil, fmt.Errorf("storm: %w", err)
			}
		}
		if c.ClientRate > 0 {
			cl.limit, err = bucket.New(1, c.ClientRate)
			if err != nil {
				return nil, fmt.Errorf("storm: %w", err)
			}
		}
		if cl.requests > 0 {
			s.schedule(s.cohorts.single(int32(i), wake, 0), cl.first)
		}
	}
	return s, nil
}

// saturation returns the attempt count from which on a client's behaviour
// no longer depends on it: its backoff has reached Cap, and MaxAttempts (if
// any) lies below. Cohorts count attempts only up to it, so that clients
// that have retried 7 and 9 times, say, can travel together.
func saturation(c Config) int32 {
	n := int32(2) // first call or retry
	if c.MaxAttempts > 0 {
		n = max(n, int32(c.MaxAttempts)+1)
	}
	switch c.Strategy {
	case Exponential, FullJitter, EqualJitter:
		k := int32(1)
		for d := c.Base; d > 0 && d < c.Cap && k < 64; d *= 2 {
			k++
		}
		n = max(n, k+1)
	}
	return n
}

func (s *sim) run() {
	for {
		g, t := s.next()
		if g < 0 {
			break
		}
		if s.cohorts.g[g].kind == answer {
			s.answer(g, t)
		} else {
			s.wake(g, t)
		}
	}
	for i := range s.clients {
		s.res.Unfinished += int(s.clients[i].requests - s.clients[i].settled)
	}
	if s.res.Unfinished > 0 {
		s.res.Completion = time.Duration(s.horizon) * Tick
	}
	s.slice(ticks(s.res.Completion)) // the series covers the whole run
}

// arrived returns how many of the client's requests have arrived by t.
func (s *sim) arrived(cl *client, t int64) int32 {
	if t < cl.first {
		return 0
	}
	return min(int32((t-cl.first)/s.interval)+1, cl.requests)
}

// later returns t+d, or the end of the run if that comes first (which also
// keeps huge waits from overflowing).
func (s *sim) later(t, d int64) int64 {
	return t + min(d, s.horizon-t)
}

func (s *sim) giveUp(cl *client, t int64) {
	s.res.GaveUp++
	s.settle(cl, t)
}

// settle closes the client's current request at t.
func (s *sim) settle(cl *client, t int64) {
	cl.settled++
	cl.prev = 0
	s.res.Completion = max(s.res.Completion, time.Duration(t)*Tick)
}

// slice returns the series entry holding tick t, extending the series to it.
func (s *sim) slice(t int64) *Slice {
	var n int
	if s.sliceTicks > 0 {
		n = int(t / s.sliceTicks)
	} else {
		n = int(time.Duration(t) * Tick / s.c.Slice)
	}
	for len(s.res.Slices) <= n {
		s.res.Slices = append(s.res.Slices, Slice{Start: time.Duration(len(s.res.Slices)) * s.c.Slice})
	}
	return &s.res.Slices[n]
}
