package storm

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/bucket"
)

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

// Kinds of overload events.
const (
	wake   uint8 = iota // the client may start or retry a call
	answer              // a call's answer reaches the client
)

// sim is the state of one overload run.
type sim struct {
	c        Config
	w        waiter
	rng      *rand.Rand
	q        queue
	clients  []client
	provider *bucket.Bucket
	res      Result
	horizon  time.Duration
}

// client is one sequential client: it works through its requests one at a
// time, in order of arrival.
type client struct {
	first    time.Duration // arrival of its first request
	requests int           // requests it gets in all
	settled  int           // requests succeeded or given up
	attempt  int           // calls made for the current request
	prev     time.Duration // previous backoff, for Decorrelated
	br       *breaker.Breaker
	tk       breaker.Ticket
	limit    *bucket.Bucket
}

// instant turns a simulated duration since the start of the run into the
// time.Time the breaker and the buckets work with.
func instant(d time.Duration) time.Time { return time.Unix(0, int64(d)) }

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
	provider, err := bucket.New(burst, float64(c.Capacity))
	if err != nil {
		return nil, fmt.Errorf("storm: provider: %w", err)
	}
	s := &sim{
		c:        c,
		w:        w,
		rng:      rand.New(rand.NewPCG(c.Seed, overloadStream)),
		provider: provider,
		clients:  make([]client, c.Clients),
		horizon:  2 * c.Duration,
	}
	s.q.events = make([]event, 0, c.Clients)
	s.res.Slices = make([]Slice, 0, int(c.Duration/c.Slice)+1)
	for i := range s.clients {
		cl := &s.clients[i]
		cl.first = time.Duration(s.rng.Int64N(int64(c.RequestInterval)))
		if cl.first < c.Duration {
			cl.requests = int((c.Duration-cl.first-1)/c.RequestInterval) + 1
		}
		s.res.Requests += cl.requests
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
			s.q.schedule(event{at: cl.first, client: int32(i), kind: wake})
		}
	}
	return s, nil
}

func (s *sim) run() {
	for s.q.Len() > 0 {
		e := s.q.next()
		if e.at >= s.horizon {
			break
		}
		if e.kind == answer {
			s.answer(e)
		} else {
			s.wake(e.client, e.at)
		}
	}
	for i := range s.clients {
		s.res.Unfinished += s.clients[i].requests - s.clients[i].settled
	}
	if s.res.Unfinished > 0 {
		s.res.Completion = s.horizon
	}
	s.slice(s.res.Completion) // the series covers the whole run
}

// arrived returns how many of the client's requests have arrived by t.
func (s *sim) arrived(cl *client, t time.Duration) int {
	if t < cl.first {
		return 0
	}
	return min(int((t-cl.first)/s.c.RequestInterval)+1, cl.requests)
}

// wake lets client i start or retry a call at t, or sleep until its next
// request arrives.
func (s *sim) wake(i int32, t time.Duration) {
	cl := &s.clients[i]
	for {
		if cl.settled == cl.requests {
			return // all its work is done
		}
		if cl.settled == s.arrived(cl, t) {
			next := cl.first + time.Duration(cl.settled)*s.c.RequestInterval
			s.q.schedule(event{at: next, client: i, kind: wake})
			return
		}
		if cl.limit != nil && !cl.limit.AllowAt(instant(t)) {
			// The client's own rate limit: wait for a token, do not fail.
			d, _ := cl.limit.WaitAt(instant(t), 1)
			s.q.schedule(event{at: s.later(t, max(d, time.Nanosecond)), client: i, kind: wake})
			return
		}
		if cl.br != nil {
			tk, err := cl.br.AllowAt(instant(t))
			if err != nil {
				// Open breaker: fail fast without calling, then move on to
				// the next request.
				s.res.Refused++
				s.giveUp(cl, t)
				continue
			}
			cl.tk = tk
		}
		s.call(i, cl, t)
		return
	}
}

// call sends one call from client i at t and schedules its answer.
func (s *sim) call(i int32, cl *client, t time.Duration) {
	cl.attempt++
	s.res.TotalCalls++
	sl := s.slice(t)
	sl.Offered++
	if cl.attempt > 1 {
		sl.Retries++
	}
	ans := event{client: i, kind: answer}
	switch {
	case t >= s.c.OutageStart && t < s.c.OutageEnd:
		ans.at = s.later(t, s.c.RoundTrip)
		ans.value = int64(s.c.RetryAfter)
	case s.provider.AllowAt(instant(t)):
		ans.at = s.later(s.later(t, s.c.RoundTrip), s.c.ServiceTime)
		ans.ok = true
		if t < s.c.OutageStart && ans.at > s.c.OutageStart && s.c.OutageEnd > s.c.OutageStart {
			// Still being served when the provider goes down: dropped.
			ans.at, ans.ok = s.c.OutageStart, false
		}
	default:
		// Over capacity: a 429, which costs the provider a little too.
		s.provider.AllowNAt(instant(t), s.c.RejectCost)
		ans.at = s.later(t, s.c.RoundTrip)
		ans.value = int64(s.c.RetryAfter)
	}
	if ans.ok {
		s.res.Successes++
		sl.Succeeded++
	} else {
		s.res.Failures++
		sl.Failed++
	}
	s.q.schedule(ans)
}

// answer handles the answer to a call of client e.client.
func (s *sim) answer(e event) {
	cl := &s.clients[e.client]
	t := e.at
	if cl.br != nil {
		cl.br.RecordAt(instant(t), cl.tk, e.ok)
	}
	switch {
	case e.ok:
		s.settle(cl, t)
	case !s.w.retries() || (s.c.MaxAttempts > 0 && cl.attempt >= s.c.MaxAttempts):
		s.giveUp(cl, t)
	default:
		d := time.Duration(e.value)
		if !s.c.HonorRetryAfter || d == 0 {
			d = s.w.wait(cl.attempt, cl.prev, s.rng.Float64())
			cl.prev = d
		}
		if d > 0 {
			s.q.schedule(event{at: s.later(t, d), client: e.client, kind: wake})
			return
		}
	}
	s.wake(e.client, t) // right away, without a round trip through the queue
}

// later returns t+d, or the end of the run if that comes first (which also
// keeps huge waits from overflowing).
func (s *sim) later(t, d time.Duration) time.Duration {
	return t + min(d, s.horizon-t)
}

func (s *sim) giveUp(cl *client, t time.Duration) {
	s.res.GaveUp++
	s.settle(cl, t)
}

// settle closes the client's current request at t.
func (s *sim) settle(cl *client, t time.Duration) {
	cl.settled++
	cl.attempt = 0
	cl.prev = 0
	s.res.Completion = max(s.res.Completion, t)
}

// slice returns the series entry holding t, extending the series to it.
func (s *sim) slice(t time.Duration) *Slice {
	n := int(t / s.c.Slice)
	for len(s.res.Slices) <= n {
		s.res.Slices = append(s.res.Slices, Slice{Start: time.Duration(len(s.res.Slices)) * s.c.Slice})
	}
	return &s.res.Slices[n]
}
