package bucket

import (
	"fmt"
	"sync"
	"time"
)

// DefaultMaxKeys is the number of buckets a Keyed limiter tracks when
// KeyedSettings.MaxKeys is 0.
const DefaultMaxKeys = 10_000

// KeyedSettings configures a Keyed limiter. The zero value of each field
// means its documented default.
type KeyedSettings struct {
	// MaxKeys bounds the number of buckets tracked at once; 0 means
	// DefaultMaxKeys.
	MaxKeys int
	// Now is the clock read by the methods without an instant; nil means
	// time.Now.
	Now func() time.Time
}

// Keyed is a rate limiter with one token bucket per key (a user, an API
// key, a client address), all of the same capacity and rate, in bounded
// memory.
//
// A bucket that has refilled to capacity cannot be told from a new one, so
// Keyed forgets it: it stores only buckets that are below capacity, and
// drops the full ones in a sweep that runs once every MaxKeys/2 new keys,
// and whenever a new key finds MaxKeys buckets tracked.
//
// When MaxKeys buckets are tracked and none of them is full, a request for
// a new key is refused rather than served by forgetting a partly spent
// bucket, which would hand that bucket's key tokens it has not earned. The
// refusal's RetryAfter is the time until the first tracked bucket fills up
// (Never with rate 0, whose buckets never fill: such a limiter serves its
// first MaxKeys keys only). Keys already tracked are unaffected, and
// Overflows counts these refusals. Size MaxKeys above the number of keys
// active within capacity/rate seconds.
//
// Keyed is safe for concurrent use. The zero Keyed is not usable; use
// NewKeyed.
type Keyed struct {
	mu        sync.Mutex
	p         params
	maxKeys   int
	now       func() time.Time
	buckets   map[string]state
	inserts   int   // new keys since the last sweep
	overflows int64 // new keys refused for want of room
	// fillAt is a lower bound on the instant the first tracked bucket
	// becomes full (valid unless fillNever): spending only delays that
	// instant, so before it a sweep cannot free anything.
	fillAt    int64
	fillNever bool
}

// NewKeyed returns a Keyed limiter whose buckets hold up to capacity
// tokens and gain rate tokens per second, with the same rules as New.
// MaxKeys must be >= 0.
func NewKeyed(capacity, rate float64, s KeyedSettings) (*Keyed, error) {
	if err := checkCapacity(capacity); err != nil {
		return nil, err
	}
	if err := checkRate(rate); err != nil {
		return nil, err
	}
	if s.MaxKeys < 0 {
		return nil, fmt.Errorf("bucket: MaxKeys must be >= 0, got %d", s.MaxKeys)
	}
	if s.MaxKeys == 0 {
		s.MaxKeys = DefaultMaxKeys
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	return &Keyed{
		p:         params{capacity: capacity, rate: rate},
		maxKeys:   s.MaxKeys,
		now:       s.Now,
		buckets:   make(map[string]state),
		fillNever: true,
	}, nil
}

// Capacity returns the most tokens each bucket can hold.
func (k *Keyed) Capacity() float64 { return k.p.capacity }

// Rate returns the refill rate of each bucket in tokens per second.
func (k *Keyed) Rate() float64 { return k.p.rate }

// MaxKeys returns the most buckets the limiter tracks at once.
func (k *Keyed) MaxKeys() int { return k.maxKeys }

// Len returns the number of buckets tracked: keys whose bucket was below
// capacity when last seen and has not been swept since.
func (k *Keyed) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.buckets)
}

// Overflows returns how many requests for new keys were refused because
// MaxKeys buckets were tracked and none of them was full.
func (k *Keyed) Overflows() int64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.overflows
}

// AllowAt reports whether key's bucket holds one token at t, and spends it
// if so.
func (k *Keyed) AllowAt(key string, t time.Time) bool {
	return k.AllowNAt(key, t, 1)
}

// AllowNAt reports whether key's bucket holds n tokens at t, and spends
// them if so.
func (k *Keyed) AllowNAt(key string, t time.Time, n float64) bool {
	now := t.UnixNano()
	k.mu.Lock()
	defer k.mu.Unlock()
	s, tracked := k.lookup(key, now)
	next, ok := k.p.take(s, now, n)
	return ok && k.store(key, tracked, s, next, now)
}

// Allow is AllowAt(key, now) with now from KeyedSettings.Now.
func (k *Keyed) Allow(key string) bool { return k.AllowNAt(key, k.now(), 1) }

// Take is TakeAt(key, now, n) with now from KeyedSettings.Now.
func (k *Keyed) Take(key string, n float64) Decision { return k.TakeAt(key, k.now(), n) }

// TakeAt asks key's bucket for n tokens at t, spends them if they are
// there, and returns the decision, as Bucket.TakeAt does.
func (k *Keyed) TakeAt(key string, t time.Time, n float64) Decision {
	now := t.UnixNano()
	k.mu.Lock()
	defer k.mu.Unlock()
	s, tracked := k.lookup(key, now)
	d, next := k.p.decide(s, now, n)
	if d.Allowed && !k.store(key, tracked, s, next, now) {
		wait := k.untilFill(now)
		return Decision{RetryAfter: wait, Reset: wait, Limit: k.p.capacity}
	}
	return d
}

// lookup returns key's bucket, or a full one at now if it is not tracked.
func (k *Keyed) lookup(key string, now int64) (state, bool) {
	s, tracked := k.buckets[key]
	if !tracked {
		s = state{tokens: k.p.capacity, last: now}
	}
	return s, tracked
}

// store records that key's bucket went from s to next after an allowed
// request. It reports false, and counts an overflow, when key is new and
// there is no room for it.
func (k *Keyed) store(key string, tracked bool, s, next state, now int64) bool {
	switch {
	case next == s:
		return true // nothing changed (rate +Inf, or n = 0 at the last instant)
	case tracked:
		k.buckets[key] = next
		return true
	case next.tokens >= k.p.capacity:
		return true // still full: nothing to remember
	}
	if !k.room(now) {
		k.overflows++
		return false
	}
	k.buckets[key] = next
	k.noteFill(now, k.p.until(next, now, k.p.capacity))
	return true
}

// room makes space for one more bucket if it can, sweeping when due.
func (k *Keyed) room(now int64) bool {
	k.inserts++
	full := len(k.buckets) >= k.maxKeys
	if full && (k.fillNever || now-k.fillAt < 0) {
		return false // a sweep now would find nothing
	}
	if full || k.inserts >= max(k.maxKeys/2, 1) {
		k.sweep(now)
	}
	return len(k.buckets) < k.maxKeys
}

// sweep forgets every bucket that is full at now and recomputes fillAt
// from the others.
func (k *Keyed) sweep(now int64) {
	k.inserts = 0
	k.fillNever = true
	for key, s := range k.buckets {
		if k.p.at(s, now).tokens >= k.p.capacity {
			delete(k.buckets, key)
			continue
		}
		k.noteFill(now, k.p.until(s, now, k.p.capacity))
	}
}

// noteFill lowers fillAt to the instant from+wait if that is earlier.
func (k *Keyed) noteFill(from int64, wait time.Duration) {
	if wait >= 1<<62 {
		return // over a century: as good as never, and keeps at-fillAt from wrapping
	}
	at := from + int64(wait)
	if k.fillNever || at-k.fillAt < 0 {
		k.fillAt, k.fillNever = at, false
	}
}

func (k *Keyed) untilFill(now int64) time.Duration {
	if k.fillNever {
		return Never
	}
	return time.Duration(max(k.fillAt-now, 0))
}
