// Package bucket limits request rates with token buckets and speaks the HTTP
// rate-limit headers that go with them.
//
// # Model
//
// A bucket holds up to capacity tokens and gains rate tokens per second. It
// starts full and never holds more than its capacity. A request for n tokens
// is allowed when the bucket holds at least n, and then spends them; otherwise
// it is refused and changes nothing. So a bucket lets a burst of up to
// capacity requests through at once while the long-run average stays at rate
// per second. Refill is computed from the time elapsed since the last update,
// not from a ticker, so irregular arrivals keep the average exact.
//
// A refused request learns exactly how long to wait: (n - tokens) / rate.
// A rate of 0 makes a burst-only bucket that never refills; a rate of
// math.Inf(1) allows every request.
//
// Every method that depends on time has a form that takes the instant
// (AllowAt, TakeAt, TokensAt); the form without it reads the wall clock.
// Instants earlier than the last update count as the last update, so a clock
// that steps back never creates tokens.
//
// Keyed keeps one bucket per key (user, API key, client address) in bounded
// memory. Decision carries the outcome of one request and writes the
// response headers: Retry-After, the IETF RateLimit and RateLimit-Policy
// fields (draft-ietf-httpapi-ratelimit-headers-10) and the older
// X-RateLimit-* trio. ParseRateLimit and ParseRateLimitPolicy read the IETF
// fields on the client side.
//
// # Zero values and concurrency
//
// The zero Bucket has capacity 0 and rate 0: it refuses every request for
// more than zero tokens. Use New. The zero Keyed is not usable; use NewKeyed.
// Bucket and Keyed are safe for concurrent use by multiple goroutines; a
// Decision is a plain value.
package bucket

import (
	"sync"
	"time"
)

// Bucket is a token bucket. It is safe for concurrent use; see the package
// documentation for the model and the zero value. A Bucket must not be
// copied after first use.
type Bucket struct {
	mu      sync.Mutex
	p       params
	s       state
	started bool // false until the first allowed request: full at any instant
}

// New returns a full bucket holding up to capacity tokens and gaining rate
// tokens per second. It is full at whatever instant it is first used.
// Capacity must be finite and >= 0; rate must be >= 0, and may be
// math.Inf(1) to allow everything.
func New(capacity, rate float64) (*Bucket, error) {
	if err := checkCapacity(capacity); err != nil {
		return nil, err
	}
	if err := checkRate(rate); err != nil {
		return nil, err
	}
	return &Bucket{p: params{capacity: capacity, rate: rate}}, nil
}

// Capacity returns the most tokens the bucket can hold.
func (b *Bucket) Capacity() float64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.p.capacity
}

// Rate returns the refill rate in tokens per second.
func (b *Bucket) Rate() float64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.p.rate
}

// current returns the committed state, or a full one at now before first use.
func (b *Bucket) current(now int64) state {
	if !b.started {
		return state{tokens: b.p.capacity, last: now}
	}
	return b.s
}

// AllowAt reports whether one token is available at t, and spends it if so.
func (b *Bucket) AllowAt(t time.Time) bool {
	return b.AllowNAt(t, 1)
}

// AllowNAt reports whether n tokens are available at t, and spends them if
// so. A refused request, including one for more than the capacity or for a
// negative or NaN n, leaves the bucket unchanged.
func (b *Bucket) AllowNAt(t time.Time, n float64) bool {
	now := t.UnixNano()
	b.mu.Lock()
	s, ok := b.p.take(b.current(now), now, n)
	if ok && !b.p.unlimited() {
		b.s, b.started = s, true
	}
	b.mu.Unlock()
	return ok
}

// Allow is AllowAt(time.Now()).
func (b *Bucket) Allow() bool { return b.AllowNAt(time.Now(), 1) }

// AllowN is AllowNAt(time.Now(), n).
func (b *Bucket) AllowN(n float64) bool { return b.AllowNAt(time.Now(), n) }

// TakeAt asks for n tokens at t, spends them if they are there, and returns
// the full decision: whether the request was allowed, the tokens left, how
// long to wait when refused and how long until the bucket is full again.
func (b *Bucket) TakeAt(t time.Time, n float64) Decision {
	now := t.UnixNano()
	b.mu.Lock()
	defer b.mu.Unlock()
	d, s := b.p.decide(b.current(now), now, n)
	if d.Allowed && !b.p.unlimited() {
		b.s, b.started = s, true
	}
	return d
}

// Take is TakeAt(time.Now(), n).
func (b *Bucket) Take(n float64) Decision { return b.TakeAt(time.Now(), n) }

// TokensAt returns the tokens the bucket holds at t. It changes nothing.
func (b *Bucket) TokensAt(t time.Time) float64 {
	now := t.UnixNano()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.p.unlimited() {
		return b.p.capacity
	}
	return b.p.at(b.current(now), now).tokens
}

// Tokens is TokensAt(time.Now()).
func (b *Bucket) Tokens() float64 { return b.TokensAt(time.Now()) }

// WaitAt returns how long after t a request for n tokens would be allowed,
// assuming nothing else spends tokens meanwhile: 0 when it would be allowed
// at t. It reports false when waiting never helps: n is above the capacity
// (or negative or NaN), or the rate is 0 and the bucket holds too few
// tokens. WaitAt does not block and changes nothing.
func (b *Bucket) WaitAt(t time.Time, n float64) (time.Duration, bool) {
	now := t.UnixNano()
	b.mu.Lock()
	defer b.mu.Unlock()
	d, _ := b.p.decide(b.current(now), now, n)
	if d.Allowed {
		return 0, true
	}
	return d.RetryAfter, d.RetryAfter != Never
}

// SetRateAt changes the refill rate from instant t on. Tokens gained before
// t are counted at the old rate.
func (b *Bucket) SetRateAt(t time.Time, rate float64) error {
	if err := checkRate(rate); err != nil {
		return err
	}
	now := t.UnixNano()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.settle(now)
	b.p.rate = rate
	return nil
}

// SetRate is SetRateAt(time.Now(), rate).
func (b *Bucket) SetRate(rate float64) error { return b.SetRateAt(time.Now(), rate) }

// SetCapacityAt changes the capacity from instant t on. Lowering it drops
// the tokens above the new capacity; raising it adds none (refill does).
func (b *Bucket) SetCapacityAt(t time.Time, capacity float64) error {
	if err := checkCapacity(capacity); err != nil {
		return err
	}
	now := t.UnixNano()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.settle(now)
	b.p.capacity = capacity
	b.s.tokens = min(b.s.tokens, capacity)
	return nil
}

// SetCapacity is SetCapacityAt(time.Now(), capacity).
func (b *Bucket) SetCapacity(capacity float64) error {
	return b.SetCapacityAt(time.Now(), capacity)
}

// settle commits the refill up to now so that a change of shape only
// affects the time after it.
func (b *Bucket) settle(now int64) {
	if !b.started {
		return // still full at first use, whatever the new shape
	}
	if b.p.unlimited() {
		// An unlimited bucket does not track its tokens: it is full.
		b.s.tokens = b.p.capacity
		if now-b.s.last > 0 {
			b.s.last = now
		}
		return
	}
	b.s = b.p.at(b.s, now)
}
