package storm

import "time"

// Clients of the overload model travel in cohorts: clients that do the
// same thing at the same tick (wake, or hear the same answer, at the same
// attempt) form one cohort, scheduled as one event. A cohort of clients
// that keep retrying moves through the queue in one step however many
// clients it holds; only what tells clients apart costs a step per client:
// a call the provider accepts (the client's request is done), a jittered
// wait (each client draws its own), a new request, a client's own breaker
// or rate limit. So the simulator's cost grows with the clients and the
// simulated time, not with the number of calls a retry storm makes.

// Kinds of cohort events.
const (
	wake   uint8 = iota // the clients may start or retry a call
	answer              // a call's answer reaches the clients
)

// cohort is a list of clients in the same state, and the event they wait
// for.
type cohort struct {
	kind uint8
	ok   bool
	// wait is the Retry-After, in ticks, that a failed answer asks the
	// clients to honour (0: none, or not honoured).
	wait int64
	// attempt is how many calls each client has made for its current
	// request, counted up to sim.sat.
	attempt    int32
	head, tail int32 // the members, linked through cohorts.next
	n          int32
	pending    bool  // scheduled, not yet fired
	link       int32 // the next cohort in its calendar slot, -1 at the end
}

// same reports whether two cohorts are in the same state, so that one can
// join the other.
func (c *cohort) same(d *cohort) bool {
	return c.kind == d.kind && c.ok == d.ok && c.wait == d.wait && c.attempt == d.attempt
}

// cohorts holds every cohort and the lists of their members.
type cohorts struct {
	g    []cohort
	next []int32 // the next member of a client's cohort, -1 at the end
	free []int32
}

func (cs *cohorts) init(clients int) {
	cs.next = make([]int32, clients)
	for i := range cs.next {
		cs.next[i] = -1
	}
}

// alloc returns an empty cohort in the given state.
func (cs *cohorts) alloc(kind uint8, attempt int32) int32 {
	c := cohort{kind: kind, attempt: attempt, head: -1, tail: -1, link: -1}
	if n := len(cs.free); n > 0 {
		g := cs.free[n-1]
		cs.free = cs.free[:n-1]
		cs.g[g] = c
		return g
	}
	cs.g = append(cs.g, c)
	return int32(len(cs.g) - 1)
}

// single returns a new cohort holding client i alone.
func (cs *cohorts) single(i int32, kind uint8, attempt int32) int32 {
	g := cs.alloc(kind, attempt)
	cs.push(g, i)
	return g
}

// push appends client i to cohort g.
func (cs *cohorts) push(g, i int32) {
	c := &cs.g[g]
	cs.next[i] = -1
	if c.tail < 0 {
		c.head = i
	} else {
		cs.next[c.tail] = i
	}
	c.tail = i
	c.n++
}

// join moves every member of cohort h to the end of cohort g and frees h.
func (cs *cohorts) join(g, h int32) {
	c, d := &cs.g[g], &cs.g[h]
	if d.n > 0 {
		if c.tail < 0 {
			c.head = d.head
		} else {
			cs.next[c.tail] = d.head
		}
		c.tail = d.tail
		c.n += d.n
	}
	cs.release(h)
}

// take moves the first k members of cohort g, 0 < k < its size, into a new
// cohort in the same state and returns it. It costs k steps.
func (cs *cohorts) take(g int32, k int32) int32 {
	a := cs.alloc(cs.g[g].kind, cs.g[g].attempt)
	c := &cs.g[g]
	cut := c.head
	for range k - 1 {
		cut = cs.next[cut]
	}
	nc := &cs.g[a]
	nc.head, nc.tail, nc.n = c.head, cut, k
	c.head = cs.next[cut]
	cs.next[cut] = -1
	c.n -= k
	return a
}

// detach frees cohort g and returns the first of its members, still
// linked through next, for the caller to walk.
func (cs *cohorts) detach(g int32) int32 {
	head := cs.g[g].head
	cs.release(g)
	return head
}

func (cs *cohorts) release(g int32) {
	cs.g[g] = cohort{head: -1, tail: -1, link: -1}
	cs.free = append(cs.free, g)
}

// calendar orders the cohorts' events by tick: a slot per tick for the
// next calendarTicks ticks, each a list in the order the cohorts were
// scheduled, and a heap for events further ahead, which move into their
// slot once it comes within reach (before anything else can be scheduled
// there, so the order of scheduling is kept). Scheduling and firing cost
// a step each, whatever the number of pending events.
type calendar struct {
	head, tail []int32 // each slot's first and last cohort, -1 when empty
	now        int64   // the tick being fired
	n          int     // cohorts in the slots
	far        queue   // events calendarTicks or more ahead; at is a tick
}

// calendarTicks is the calendar's reach: 16 s of ticks, more than any
// backoff of the defaults.
const calendarTicks = 1 << 14

func (c *calendar) init() {
	c.head = make([]int32, calendarTicks)
	c.tail = make([]int32, calendarTicks)
	for i := range c.head {
		c.head[i], c.tail[i] = -1, -1
	}
}

// schedule puts cohort g's event at tick t (t >= the current tick): it
// joins the cohort scheduled last at t if that one is still pending and in
// the same state, else it goes to the end of t's slot.
func (s *sim) schedule(g int32, t int64) {
	cs, cal := &s.cohorts, &s.cal
	if t-cal.now >= calendarTicks {
		cs.g[g].pending = true
		cal.far.schedule(event{at: time.Duration(t), client: g})
		return
	}
	slot := t & (calendarTicks - 1)
	if last := cal.tail[slot]; last >= 0 && cs.g[last].pending && cs.g[last].same(&cs.g[g]) {
		cs.join(last, g)
		return
	}
	s.append(g, slot)
}

// append adds cohort g to the end of a slot.
func (s *sim) append(g int32, slot int64) {
	cs, cal := &s.cohorts, &s.cal
	cs.g[g].pending = true
	cs.g[g].link = -1
	if cal.tail[slot] < 0 {
		cal.head[slot] = g
	} else {
		cs.g[cal.tail[slot]].link = g
	}
	cal.tail[slot] = g
	cal.n++
}

// next returns the next cohort to fire and its tick, or -1 when there is
// none before the horizon.
func (s *sim) next() (int32, int64) {
	cs, cal := &s.cohorts, &s.cal
	for cal.now < s.horizon {
		slot := cal.now & (calendarTicks - 1)
		if g := cal.head[slot]; g >= 0 {
			cal.head[slot] = cs.g[g].link
			if cal.head[slot] < 0 {
				cal.tail[slot] = -1
			}
			cal.n--
			cs.g[g].pending = false
			return g, cal.now
		}
		if cal.n == 0 {
			// Nothing within reach: jump to the first event ahead.
			if cal.far.Len() == 0 {
				return -1, 0
			}
			cal.now = int64(cal.far.events[0].at)
		} else {
			cal.now++
		}
		s.bringWithinReach()
	}
	return -1, 0
}

// bringWithinReach moves the events that have come within the calendar's
// reach into their slots, before the current tick's cohorts can schedule
// anything there.
func (s *sim) bringWithinReach() {
	cal := &s.cal
	for cal.far.Len() > 0 && int64(cal.far.events[0].at)-cal.now < calendarTicks {
		e := cal.far.next()
		s.append(e.client, int64(e.at)&(calendarTicks-1))
	}
}

// callers gathers the clients that call at the current instant, by the
// attempt they are at, so that they call as cohorts.
type callers struct {
	g       [2]int32
	attempt [2]int32
	n       int
}

func (b *callers) add(cs *cohorts, i, attempt int32) {
	for k := range b.n {
		if b.attempt[k] == attempt {
			cs.push(b.g[k], i)
			return
		}
	}
	if b.n == len(b.g) {
		panic("storm: clients at more than two attempts call at once")
	}
	b.g[b.n], b.attempt[b.n] = cs.single(i, wake, attempt), attempt
	b.n++
}

// flush makes every gathered cohort call at t.
func (b *callers) flush(s *sim, t int64) {
	for k := range b.n {
		s.call(b.g[k], t)
	}
	b.n = 0
}
