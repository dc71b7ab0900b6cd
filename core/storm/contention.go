package storm

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// Defaults of ContentionConfig, the settings of the published study.
const (
	// DefaultContentionClients is the default ContentionConfig.Clients.
	DefaultContentionClients = 100
	// DefaultContentionBase is the default ContentionConfig.Base.
	DefaultContentionBase = 5 * time.Millisecond
	// DefaultContentionCap is the default ContentionConfig.Cap.
	DefaultContentionCap = 2 * time.Second
)

// The network of the contention model: every message takes a delay drawn
// from Normal(NetworkMean, NetworkStdDev), clamped at zero.
const (
	// NetworkMean is the mean one-way delay of a message.
	NetworkMean = 10 * time.Millisecond
	// NetworkStdDev is the standard deviation of that delay.
	NetworkStdDev = 2 * time.Millisecond
)

// maxContentionCap bounds Cap so that no run's clock can overflow.
const maxContentionCap = time.Hour

// ContentionConfig describes a run of the contention model (RunContention).
// Zero fields select the documented defaults, except Strategy, whose zero
// value is NoRetry, and Seed.
type ContentionConfig struct {
	// Clients is how many clients each need one successful write. Zero
	// means DefaultContentionClients (100).
	Clients int
	// Strategy is how a client waits after a failed write. With NoRetry a
	// client gives up after its first failed write; with Immediate it
	// retries at once.
	Strategy Strategy
	// Base and Cap shape the backoff: after its n-th failed write a client
	// waits (before jitter) Base·2^n, never more than Cap, as in the study.
	// Zero means DefaultContentionBase (5 ms) and DefaultContentionCap
	// (2 s).
	Base, Cap time.Duration
	// Seed fixes every random draw: the same ContentionConfig always gives
	// the same ContentionResult.
	Seed uint64
}

// ContentionResult is what RunContention measured.
type ContentionResult struct {
	// Calls is the number of writes the row received, failed ones
	// included: the work the clients made the database do.
	Calls int
	// Completion is when the last client got its answer: the time for the
	// whole group to finish.
	Completion time.Duration
	// GaveUp is the number of clients that stopped without a successful
	// write (only NoRetry gives up).
	GaveUp int
}

func (c ContentionConfig) withDefaults() ContentionConfig {
	if c.Clients == 0 {
		c.Clients = DefaultContentionClients
	}
	if c.Base == 0 {
		c.Base = DefaultContentionBase
	}
	if c.Cap == 0 {
		c.Cap = DefaultContentionCap
	}
	return c
}

// Validate reports the first problem with c, after defaults are applied,
// as an error whose text starts with "storm: " and names the field.
func (c ContentionConfig) Validate() error {
	c = c.withDefaults()
	switch {
	case c.Clients < 0:
		return fmt.Errorf("storm: Clients must be >= 0, got %d", c.Clients)
	case c.Clients > maxClients:
		return fmt.Errorf("storm: Clients must be <= %d, got %d", maxClients, c.Clients)
	case !c.Strategy.valid():
		return fmt.Errorf("storm: Strategy is unknown: %v", c.Strategy)
	case c.Base < 0:
		return fmt.Errorf("storm: Base must be >= 0, got %v", c.Base)
	case c.Cap < c.Base:
		return fmt.Errorf("storm: Cap (%v) must be >= Base (%v)", c.Cap, c.Base)
	case c.Cap > maxContentionCap:
		return fmt.Errorf("storm: Cap must be <= %v, got %v", maxContentionCap, c.Cap)
	}
	return nil
}

// Kinds of contention events.
const (
	readArrives  uint8 = iota // a read reaches the row
	readReturns               // its answer (the version) reaches the client
	writeArrives              // a compare-and-swap write reaches the row
	writeReturns              // its answer reaches the client
)

// RunContention simulates the contention model: c.Clients clients start
// together and each needs one write to a single versioned row. A client
// reads the version, then writes with compare-and-swap; the write fails if
// another client wrote in between. After a failed write the client waits
// per c.Strategy and starts over with a fresh read. Every message crosses a
// network with delay Normal(10 ms, 2 ms).
//
// With Base 5 ms and Cap 2 s this is the setting of the AWS Architecture
// Blog study "Exponential Backoff and Jitter" (2015), and the model shows
// its findings: jitter cuts the calls by more than half and the time to
// finish by far more.
func RunContention(c ContentionConfig) (ContentionResult, error) {
	if err := c.Validate(); err != nil {
		return ContentionResult{}, err
	}
	c = c.withDefaults()
	w, err := newWaiter(c.Strategy, c.Base, c.Cap)
	if err != nil {
		return ContentionResult{}, err
	}
	rng := rand.New(rand.NewPCG(c.Seed, contentionStream))
	net := func() time.Duration {
		// The explicit conversion rounds the product before the sum, so no
		// platform fuses them and every platform draws the same delays.
		d := float64(NetworkMean) + float64(rng.NormFloat64()*float64(NetworkStdDev))
		return time.Duration(max(d, 0))
	}

	type client struct {
		failures int           // failed writes so far
		prev     time.Duration // previous wait, for Decorrelated
	}
	clients := make([]client, c.Clients)
	q := queue{events: make([]event, 0, c.Clients)}
	for i := range clients {
		q.schedule(event{at: net(), client: int32(i), kind: readArrives})
	}

	var (
		version int64
		res     ContentionResult
	)
	for q.Len() > 0 {
		e := q.next()
		res.Completion = e.at
		switch e.kind {
		case readArrives:
			q.schedule(event{at: e.at + net(), client: e.client, kind: readReturns, value: version})
		case readReturns:
			q.schedule(event{at: e.at + net(), client: e.client, kind: writeArrives, value: e.value})
		case writeArrives:
			res.Calls++
			ok := e.value == version
			if ok {
				version++
			}
			q.schedule(event{at: e.at + net(), client: e.client, kind: writeReturns, ok: ok})
		case writeReturns:
			if e.ok {
				continue
			}
			if !w.retries() {
				res.GaveUp++
				continue
			}
			cl := &clients[e.client]
			cl.failures++
			// The study's n-th backoff is Base·2^n; backoff numbers its
			// attempts from 1 with Base·2^(attempt−1).
			d := w.wait(cl.failures+1, cl.prev, rng.Float64())
			cl.prev = d
			q.schedule(event{at: e.at + net() + d, client: e.client, kind: readArrives})
		}
	}
	return res, nil
}

// Streams of the PCG source, so the two models never share draws even with
// the same seed.
const (
	contentionStream = 0x636f6e74656e64 // "contend"
	overloadStream   = 0x6f7665726c6f6164
)
