package storm

import (
	"fmt"
	"math"
	"time"
)

// Defaults of Config: a zero field selects the matching default.
const (
	// DefaultClients is the default Config.Clients.
	DefaultClients = 100
	// DefaultCapacity is the default Config.Capacity, in requests per
	// second.
	DefaultCapacity = 150
	// DefaultBurst is the default Config.Burst: the provider takes on a
	// tenth of a second's work at once.
	DefaultBurst = 100 * time.Millisecond
	// DefaultDuration is the default Config.Duration.
	DefaultDuration = 60 * time.Second
	// DefaultOutageStart is the default Config.OutageStart.
	DefaultOutageStart = 10 * time.Second
	// DefaultOutageEnd is the default Config.OutageEnd.
	DefaultOutageEnd = 25 * time.Second
	// DefaultRequestInterval is the default Config.RequestInterval: one
	// request per client per second.
	DefaultRequestInterval = time.Second
	// DefaultServiceTime is the default Config.ServiceTime.
	DefaultServiceTime = 500 * time.Millisecond
	// DefaultRoundTrip is the default Config.RoundTrip.
	DefaultRoundTrip = 50 * time.Millisecond
	// DefaultBase is the default Config.Base.
	DefaultBase = 500 * time.Millisecond
	// DefaultCap is the default Config.Cap.
	DefaultCap = 10 * time.Second
	// DefaultRejectCost is the default Config.RejectCost.
	DefaultRejectCost = 0.15
	// DefaultBreakerThreshold is the default Config.BreakerThreshold.
	DefaultBreakerThreshold = 5
	// DefaultBreakerCooldown is the default Config.BreakerCooldown.
	DefaultBreakerCooldown = 5 * time.Second
	// DefaultSlice is the default Config.Slice.
	DefaultSlice = 100 * time.Millisecond
)

// Limits that keep a run's memory and time bounded.
const (
	maxClients  = 100_000
	maxSlices   = 1_000_000
	maxDuration = 1000 * time.Hour
)

// Config describes a run of the overload model (Run). Zero fields select
// the documented defaults, except where a field's comment says what zero
// means instead. Validate reports bad values.
type Config struct {
	// Clients is the number of clients. Zero means DefaultClients (100).
	Clients int
	// Capacity is how many requests per second the provider serves. Zero
	// means DefaultCapacity (150).
	Capacity int
	// Burst is how much work the provider can take on at one instant,
	// measured in time at full capacity: its admission bucket holds
	// Capacity·Burst/1s tokens (at least one). Clients that arrive together
	// beyond that are turned away even if the second as a whole has room,
	// which is what makes synchronized retries expensive. Zero means
	// DefaultBurst (100 ms).
	Burst time.Duration
	// Duration is how long new work keeps arriving. The run goes on after
	// it until every request is settled, for at most another Duration.
	// Zero means DefaultDuration (60 s).
	Duration time.Duration
	// OutageStart and OutageEnd bound the outage: from OutageStart the
	// provider is down, and until OutageEnd every call fails with a 503.
	// When OutageStart comes, the provider drops the calls it was serving,
	// so every client waiting on one learns of the outage at that same
	// instant. Both zero mean DefaultOutageStart (10 s) and
	// DefaultOutageEnd (25 s); equal non-zero values mean no outage.
	OutageStart, OutageEnd time.Duration
	// Strategy is how clients retry; the zero value is NoRetry.
	Strategy Strategy
	// MaxAttempts is the most calls a client makes for one request, the
	// first included. Zero means no limit: retry until it succeeds.
	MaxAttempts int
	// Base and Cap shape the backoff: before jitter the n-th retry waits
	// Base·2^(n−1), never more than Cap. Zero means DefaultBase (500 ms)
	// and DefaultCap (10 s).
	Base, Cap time.Duration
	// RetryAfter is the Retry-After the provider sends with its 503 and 429
	// answers. Zero means it sends none.
	RetryAfter time.Duration
	// HonorRetryAfter makes clients wait exactly the Retry-After, when the
	// provider sent one, instead of their own backoff.
	HonorRetryAfter bool
	// Breaker gives each client a circuit breaker (core/breaker) that opens
	// after BreakerThreshold consecutive failures and lets a probe through
	// after BreakerCooldown. While it is open the client fails its requests
	// at once without calling. Zero means DefaultBreakerThreshold (5) and
	// DefaultBreakerCooldown (5 s).
	Breaker          bool
	BreakerThreshold int
	BreakerCooldown  time.Duration
	// ClientRate caps each client's calls per second with its own token
	// bucket (core/bucket) holding one token: a client with no token waits
	// for one. Zero means no cap.
	ClientRate float64
	// RequestInterval is each client's normal demand: one new request every
	// RequestInterval, from a random offset within the first interval.
	// Zero means DefaultRequestInterval (1 s).
	RequestInterval time.Duration
	// ServiceTime is how long the provider takes to serve a call it
	// accepts; RoundTrip is the network time every call adds, and all a
	// rejected call costs the client. Zero means DefaultServiceTime
	// (500 ms) and DefaultRoundTrip (50 ms).
	ServiceTime, RoundTrip time.Duration
	// RejectCost is the share of one served call's capacity the provider
	// spends turning a call away (reading, authenticating and answering
	// it). It is why a flood of retries slows recovery: capacity spent
	// saying no is not spent serving. It must be in [0, 1]; zero means
	// DefaultRejectCost (0.15).
	RejectCost float64
	// Slice is the width of each bucket of the output series. Zero means
	// DefaultSlice (100 ms).
	Slice time.Duration
	// Seed fixes every random draw: the same Config always gives the same
	// Result.
	Seed uint64
}

func (c Config) withDefaults() Config {
	setInt(&c.Clients, DefaultClients)
	setInt(&c.Capacity, DefaultCapacity)
	setDuration(&c.Burst, DefaultBurst)
	setDuration(&c.Duration, DefaultDuration)
	if c.OutageStart == 0 && c.OutageEnd == 0 {
		c.OutageStart, c.OutageEnd = DefaultOutageStart, DefaultOutageEnd
	}
	setDuration(&c.Base, DefaultBase)
	setDuration(&c.Cap, DefaultCap)
	setInt(&c.BreakerThreshold, DefaultBreakerThreshold)
	setDuration(&c.BreakerCooldown, DefaultBreakerCooldown)
	setDuration(&c.RequestInterval, DefaultRequestInterval)
	setDuration(&c.ServiceTime, DefaultServiceTime)
	setDuration(&c.RoundTrip, DefaultRoundTrip)
	if c.RejectCost == 0 {
		c.RejectCost = DefaultRejectCost
	}
	setDuration(&c.Slice, DefaultSlice)
	return c
}

func setInt(p *int, def int) {
	if *p == 0 {
		*p = def
	}
}

func setDuration(p *time.Duration, def time.Duration) {
	if *p == 0 {
		*p = def
	}
}

// Validate reports the first problem with c, after defaults are applied,
// as an error whose text starts with "storm: " and names the field.
func (c Config) Validate() error {
	c = c.withDefaults()
	for _, f := range []struct {
		name string
		v    time.Duration
	}{
		{"Burst", c.Burst}, {"Duration", c.Duration}, {"OutageStart", c.OutageStart},
		{"Base", c.Base}, {"RetryAfter", c.RetryAfter},
		{"BreakerCooldown", c.BreakerCooldown}, {"RequestInterval", c.RequestInterval},
		{"ServiceTime", c.ServiceTime}, {"RoundTrip", c.RoundTrip}, {"Slice", c.Slice},
	} {
		if f.v < 0 {
			return fmt.Errorf("storm: %s must be >= 0, got %v", f.name, f.v)
		}
	}
	switch {
	case c.Clients < 0 || c.Clients > maxClients:
		return fmt.Errorf("storm: Clients must be in [0, %d], got %d", maxClients, c.Clients)
	case c.Capacity < 0:
		return fmt.Errorf("storm: Capacity must be >= 0, got %d", c.Capacity)
	case c.OutageEnd < c.OutageStart:
		return fmt.Errorf("storm: OutageEnd (%v) must be >= OutageStart (%v)", c.OutageEnd, c.OutageStart)
	case !c.Strategy.valid():
		return fmt.Errorf("storm: Strategy is unknown: %v", c.Strategy)
	case c.MaxAttempts < 0:
		return fmt.Errorf("storm: MaxAttempts must be >= 0, got %d", c.MaxAttempts)
	case c.Cap < c.Base:
		return fmt.Errorf("storm: Cap (%v) must be >= Base (%v)", c.Cap, c.Base)
	case c.BreakerThreshold < 0:
		return fmt.Errorf("storm: BreakerThreshold must be >= 0, got %d", c.BreakerThreshold)
	case math.IsNaN(c.ClientRate) || math.IsInf(c.ClientRate, 0) || c.ClientRate < 0:
		return fmt.Errorf("storm: ClientRate must be a finite number >= 0, got %v", c.ClientRate)
	case math.IsNaN(c.RejectCost) || c.RejectCost < 0 || c.RejectCost > 1:
		return fmt.Errorf("storm: RejectCost must be in [0, 1], got %v", c.RejectCost)
	case c.Duration > maxDuration:
		return fmt.Errorf("storm: Duration must be <= %v, got %v", maxDuration, c.Duration)
	case c.Slice < Tick:
		return fmt.Errorf("storm: Slice must be >= %v, got %v", Tick, c.Slice)
	case c.RequestInterval < Tick:
		return fmt.Errorf("storm: RequestInterval must be >= %v, got %v", Tick, c.RequestInterval)
	case 2*c.Duration/c.Slice > maxSlices:
		return fmt.Errorf("storm: Slice must be >= 2·Duration/%d (%v), got %v", maxSlices, 2*c.Duration/maxSlices, c.Slice)
	}
	return nil
}
