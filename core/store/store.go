// Package store names the two small interfaces that the HTTP middleware
// (core/middleware) needs from the state it keeps per client and per
// request: a keyed rate limiter and an idempotency store. The in-process
// stores of core/bucket and core/idempotency satisfy them through
// NewMemoryLimiter and NewMemoryIdempotency; the Redis stores of the
// top-level redisstore package satisfy them for a fleet of replicas that
// must share one allowance and one record of each key.
//
// # Why one interface for both
//
// A service with one replica can keep its buckets and keys in memory. As
// soon as it runs several replicas behind a load balancer, a client whose
// requests are spread over N replicas gets N full allowances, and a retried
// POST that lands on another replica is executed again. Swapping the
// memory store for a shared one must not change anything else: the same
// Decision, the same outcomes, the same headers.
//
// # Errors
//
// A store that cannot reach its backend either answers as if it had
// (fail open: the request is allowed, the key is treated as new) or
// returns an error wrapping ErrUnavailable (fail closed), as its caller
// chose when building it; the middleware answers such an error with 503
// and a Retry-After. A completion or release with a claim that is no
// longer the current one returns an error wrapping ErrSuperseded.
//
// The package imports neither net/http nor anything outside the standard
// library, so the browser widgets use the same interfaces.
package store

import (
	"context"
	"errors"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/idempotency"
)

var (
	// ErrUnavailable is wrapped by the errors a store returns when its
	// backend cannot be reached in time and it was told to fail closed.
	ErrUnavailable = errors.New("store: backend unavailable")
	// ErrSuperseded is wrapped by the errors Complete and Release return
	// when the claim is no longer the key's current one: it was completed
	// or released already, its key expired, or another request claimed the
	// key after the claim's lease ran out. The response is not stored.
	ErrSuperseded = errors.New("store: claim superseded")
)

// Limiter decides requests against keyed token buckets of one capacity and
// rate, wherever the buckets live.
type Limiter interface {
	// Take asks key's bucket for n tokens, spends them if they are there,
	// and returns the decision, as bucket.Keyed.TakeAt does. A non-nil
	// error (wrapping ErrUnavailable) means no decision was made.
	Take(ctx context.Context, key string, n float64) (bucket.Decision, error)
	// Capacity returns the most tokens each bucket holds.
	Capacity() float64
	// Rate returns each bucket's refill rate in tokens per second.
	Rate() float64
}

// Claim is the answer of Idempotency.Begin: the outcome, the stored
// response to replay, and for a Fresh outcome the fencing token that
// proves, at Complete or Release time, that the caller still owns the key.
type Claim struct {
	// Key is the idempotency key the claim is about.
	Key string
	// Outcome says what to do, as idempotency.Store.Begin's does.
	Outcome idempotency.Outcome
	// Response is the stored response when Outcome is Replay.
	Response idempotency.Response
	// Token identifies a Fresh claim. Tokens of one key only grow: a
	// later claim of the same key always has a larger token. 0 marks a
	// claim the store could not record (it failed open); completing it
	// stores nothing.
	Token int64
}

// Idempotency remembers, per idempotency key, the request's fingerprint
// and the response it produced, wherever that memory lives.
type Idempotency interface {
	// Begin reports what to do with a request carrying key and
	// fingerprint; see idempotency.Store.Begin. The error is non-nil for
	// the Invalid outcome (wrapping idempotency.ErrInvalidKey), for Full
	// (idempotency.ErrFull), and when the store is unavailable and fails
	// closed (ErrUnavailable).
	Begin(ctx context.Context, key, fingerprint string) (Claim, error)
	// Complete stores resp as the response of c, a Fresh claim, if c is
	// still the key's current claim; otherwise it stores nothing and
	// returns an error wrapping ErrSuperseded.
	Complete(ctx context.Context, c Claim, resp idempotency.Response) error
	// Release forgets c's key so that the next request runs the work, if c
	// is still its current claim; otherwise it returns an error wrapping
	// ErrSuperseded.
	Release(ctx context.Context, c Claim) error
}
