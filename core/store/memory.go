package store

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/idempotency"
)

// MemoryLimiter is a Limiter over a bucket.Keyed in this process. Its
// decisions read the Keyed limiter's clock (KeyedSettings.Now).
type MemoryLimiter struct {
	k *bucket.Keyed
}

// NewMemoryLimiter returns a Limiter that decides with k.
func NewMemoryLimiter(k *bucket.Keyed) *MemoryLimiter { return &MemoryLimiter{k: k} }

// Take is k.Take(key, n); it never fails.
func (m *MemoryLimiter) Take(_ context.Context, key string, n float64) (bucket.Decision, error) {
	return m.k.Take(key, n), nil
}

// Capacity returns the capacity of the Keyed limiter's buckets.
func (m *MemoryLimiter) Capacity() float64 { return m.k.Capacity() }

// Rate returns the refill rate of the Keyed limiter's buckets.
func (m *MemoryLimiter) Rate() float64 { return m.k.Rate() }

// MemoryIdempotency is an Idempotency store over an idempotency.Store in
// this process. It hands each Fresh claim a token from a counter and
// keeps the current token of every key in flight, so that a claim whose
// entry was abandoned (its TTL ran out) and claimed again cannot complete
// the newer request's entry.
type MemoryIdempotency struct {
	s *idempotency.Store

	mu     sync.Mutex
	last   int64
	owners map[string]int64 // key -> token of its current Fresh claim
}

// NewMemoryIdempotency returns an Idempotency store that keeps its keys in
// s.
func NewMemoryIdempotency(s *idempotency.Store) *MemoryIdempotency {
	return &MemoryIdempotency{s: s, owners: map[string]int64{}}
}

// Begin is s.Begin, with a token for a Fresh claim.
func (m *MemoryIdempotency) Begin(_ context.Context, key, fingerprint string) (Claim, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	res, err := m.s.Begin(key, fingerprint)
	c := Claim{Key: key, Outcome: res.Outcome, Response: res.Response}
	if res.Outcome == idempotency.Fresh {
		m.last++
		c.Token = m.last
		m.owners[key] = c.Token
	}
	return c, err
}

// Complete stores resp for c's key if c is its current claim.
func (m *MemoryIdempotency) Complete(_ context.Context, c Claim, resp idempotency.Response) error {
	return m.finish(c, "complete", func() error { return m.s.Complete(c.Key, resp) })
}

// Release forgets c's key if c is its current claim.
func (m *MemoryIdempotency) Release(_ context.Context, c Claim) error {
	return m.finish(c, "release", func() error { return m.s.Release(c.Key) })
}

func (m *MemoryIdempotency) finish(c Claim, op string, f func() error) error {
	if c.Token == 0 {
		return nil // not a recorded claim: nothing to store or forget
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.owners[c.Key] != c.Token {
		return fmt.Errorf("%w: %s %q with token %d", ErrSuperseded, op, c.Key, c.Token)
	}
	delete(m.owners, c.Key)
	if err := f(); err != nil {
		if errors.Is(err, idempotency.ErrNotInFlight) {
			return fmt.Errorf("%w: %s: %w", ErrSuperseded, op, err)
		}
		return err
	}
	return nil
}
