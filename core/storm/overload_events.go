package storm

import "math"

// wake lets the clients of cohort g start or retry a call at tick t.
func (s *sim) wake(g int32, t int64) {
	c := &s.cohorts.g[g]
	if s.fast && c.attempt > 0 {
		// Retrying clients with nothing of their own to consult: they all
		// call, as one cohort.
		s.call(g, t)
		return
	}
	attempt := c.attempt
	var b callers
	for i := s.cohorts.detach(g); i >= 0; {
		next := s.cohorts.next[i]
		s.wakeOne(i, attempt, t, &b)
		i = next
	}
	b.flush(s, t)
}

// wakeOne lets client i, at the given attempt of its current request,
// start or retry a call at t (gathered in b), or sleep until its next
// request arrives.
func (s *sim) wakeOne(i, attempt int32, t int64, b *callers) {
	cl := &s.clients[i]
	for {
		if cl.settled == cl.requests {
			return // all its work is done
		}
		if cl.settled == s.arrived(cl, t) {
			next := cl.first + int64(cl.settled)*s.interval
			s.schedule(s.cohorts.single(i, wake, 0), next)
			return
		}
		if cl.limit != nil && !cl.limit.AllowAt(instant(t)) {
			// The client's own rate limit: wait for a token, do not fail.
			d, _ := cl.limit.WaitAt(instant(t), 1)
			wait := max(int64((d+Tick-1)/Tick), 1)
			s.schedule(s.cohorts.single(i, wake, attempt), s.later(t, wait))
			return
		}
		if cl.br != nil {
			tk, err := cl.br.AllowAt(instant(t))
			if err != nil {
				// Open breaker: fail fast without calling, then move on to
				// the next request.
				s.res.Refused++
				s.giveUp(cl, t)
				attempt = 0
				continue
			}
			cl.tk = tk
		}
		b.add(&s.cohorts, i, attempt)
		return
	}
}

// call sends one call from each client of cohort g at tick t: during the
// outage they all fail; otherwise the provider accepts as many as it has
// tokens for, first come first served, and turns the rest away, each
// refusal costing it RejectCost of a token while it has that much.
func (s *sim) call(g int32, t int64) {
	c := &s.cohorts.g[g]
	n := int(c.n)
	s.res.TotalCalls += n
	sl := s.slice(t)
	sl.Offered += n
	if c.attempt > 0 {
		sl.Retries += n
	}
	attempt := min(c.attempt+1, s.sat)
	if t >= s.outageStart && t < s.outageEnd {
		s.res.Failures += n
		sl.Failed += n
		s.fail(g, attempt, true, s.later(t, s.roundTrip))
		return
	}
	gate := &s.provider
	k := min(n, int(math.Floor(gate.at(t))))
	if k > 0 {
		gate.tokens -= float64(k)
		a := g
		if k < n {
			a = s.cohorts.take(g, int32(k))
		}
		at := s.later(s.later(t, s.roundTrip), s.service)
		if t < s.outageStart && at > s.outageStart && s.outageEnd > s.outageStart {
			// Still being served when the provider goes down: dropped.
			s.res.Failures += k
			sl.Failed += k
			s.fail(a, attempt, false, s.outageStart)
		} else {
			s.res.Successes += k
			sl.Succeeded += k
			ac := &s.cohorts.g[a]
			ac.kind, ac.ok, ac.wait, ac.attempt = answer, true, 0, attempt
			s.schedule(a, at)
		}
		if k == n {
			return
		}
	}
	r := n - k
	if rc := s.c.RejectCost; rc > 0 {
		m := min(r, int(math.Floor(gate.tokens/rc)))
		for m > 0 && gate.tokens < float64(m)*rc {
			m-- // rounding: pay for one refusal fewer
		}
		gate.tokens -= float64(m) * rc
	}
	s.res.Failures += r
	sl.Failed += r
	s.fail(g, attempt, true, s.later(t, s.roundTrip))
}

// fail schedules a failed answer for cohort g at tick at. withRetryAfter
// says whether the answer carries the provider's Retry-After (a dropped
// call carries none); it matters only to clients that honour it.
func (s *sim) fail(g, attempt int32, withRetryAfter bool, at int64) {
	c := &s.cohorts.g[g]
	c.kind, c.ok, c.attempt, c.wait = answer, false, attempt, 0
	if withRetryAfter && s.c.HonorRetryAfter {
		c.wait = ticks(s.c.RetryAfter)
	}
	s.schedule(g, at)
}

// answer delivers the answer cohort g waited for at tick t.
func (s *sim) answer(g int32, t int64) {
	c := s.cohorts.g[g]
	if s.c.Breaker {
		for i := c.head; i >= 0; i = s.cohorts.next[i] {
			cl := &s.clients[i]
			cl.br.RecordAt(instant(t), cl.tk, c.ok)
		}
	}
	var b callers
	switch {
	case c.ok, !s.w.retries() || (s.c.MaxAttempts > 0 && int(c.attempt) >= s.c.MaxAttempts):
		// Done with this request, successfully or not: on to the next.
		for i := s.cohorts.detach(g); i >= 0; {
			next := s.cohorts.next[i]
			if c.ok {
				s.settle(&s.clients[i], t)
			} else {
				s.giveUp(&s.clients[i], t)
			}
			s.wakeOne(i, 0, t, &b)
			i = next
		}
	case c.wait > 0 || s.c.Strategy == Immediate || s.c.Strategy == Exponential:
		// Every client waits the same: the cohort waits as one.
		d := c.wait
		if d == 0 {
			d = ticks(s.w.wait(int(c.attempt), 0, 0))
		}
		if d > 0 {
			s.cohorts.g[g].kind = wake
			s.schedule(g, s.later(t, d))
			return
		}
		s.cohorts.g[g].kind = wake
		s.wake(g, t)
		return
	default:
		// Jitter: each client draws its own wait.
		for i := s.cohorts.detach(g); i >= 0; {
			next := s.cohorts.next[i]
			cl := &s.clients[i]
			dd := s.w.wait(int(c.attempt), cl.prev, s.rng.Float64())
			cl.prev = dd
			if d := ticks(dd); d > 0 {
				s.schedule(s.cohorts.single(i, wake, c.attempt), s.later(t, d))
			} else {
				s.wakeOne(i, c.attempt, t, &b)
			}
			i = next
		}
	}
	b.flush(s, t)
}
