// Package retry runs an operation until it succeeds or a retry can no longer
// help, composing the other core packages: classify decides which answers are
// worth repeating, backoff spaces the attempts, breaker stops them while the
// dependency is down, and a Budget caps how many retries all callers add.
//
// # Model
//
// Policy.Do runs an Op. After each failed attempt it stops at once when the
// answer cannot succeed on a retry (a 400, a 404: classify's Never verdict),
// when the request is not idempotent, when the attempts are used up, when the
// retry budget is empty or when the context is done or would be by the end of
// the wait. Otherwise it waits and tries again: as long as the server asked
// with Retry-After (or retry-after-ms), capped at Policy.MaxRetryAfter, and
// otherwise the backoff schedule's delay for that attempt, with jitter. A
// circuit breaker, if set, is asked before every attempt and told every
// outcome. When Do gives up it returns an *Error whose Reason says why.
//
// Only idempotent requests are retried: a Policy retries when Idempotent is
// true or an IdempotencyKey is set. A POST without a key runs once and, if it
// fails, Do reports NotIdempotent, because repeating it might charge a
// customer twice.
//
// # Zero values
//
// Zero fields of Policy select the documented defaults (3 attempts, backoff
// from 500 ms to 8 s with full jitter, Retry-After capped at 60 s, real time,
// a private random source), except Idempotent, whose zero value is the safe
// choice: no retries.
//
// # Concurrency
//
// A Policy is a value read, never written, by Do, so one Policy may serve many
// goroutines, sharing its Breaker and Budget, which are safe for concurrent
// use. The exception is Policy.Rand: a *rand.Rand is not safe for concurrent
// use, so leave Rand nil (each Do then draws from its own source) or give
// each goroutine its own Policy with its own Rand.
package retry

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/classify"
)

// Defaults for the zero fields of Policy.
const (
	// DefaultMaxAttempts is the number of attempts, the first included,
	// when Policy.MaxAttempts is zero: two retries, as the official model
	// SDKs do.
	DefaultMaxAttempts = 3
	// DefaultMaxRetryAfter caps a server's Retry-After when
	// Policy.MaxRetryAfter is zero.
	DefaultMaxRetryAfter = 60 * time.Second
	// DefaultBackoffBase is the first backoff when Policy.Backoff.Base is
	// zero.
	DefaultBackoffBase = 500 * time.Millisecond
	// DefaultBackoffCap is the longest backoff when Policy.Backoff.Cap is
	// zero (or Base, if that is longer).
	DefaultBackoffCap = 8 * time.Second
)

// Policy describes how Do retries. Zero fields select the documented
// defaults; Validate reports invalid ones.
type Policy struct {
	// MaxAttempts is the number of attempts in all, the first included.
	// Zero means DefaultMaxAttempts (3); 1 means no retries.
	MaxAttempts int

	// PerAttemptTimeout bounds each attempt: the Op gets a context that
	// expires this long after the attempt starts. An attempt that times out
	// counts as a retryable failure. Zero means no per-attempt limit (the
	// caller's context still applies).
	PerAttemptTimeout time.Duration

	// Backoff is the schedule of waits between attempts when the server
	// sends no Retry-After; the wait after attempt n is the schedule's
	// delay for attempt n. The zero Config means base 500 ms, cap 8 s,
	// multiplier 2, full jitter. In a non-zero Config a zero Base means
	// 500 ms and a zero Cap means the larger of 8 s and Base; Jitter is
	// taken as given (its zero value is backoff.None).
	Backoff backoff.Config

	// MaxRetryAfter caps a wait the server asks for with Retry-After: a
	// longer request waits MaxRetryAfter. Zero means DefaultMaxRetryAfter
	// (60 s).
	MaxRetryAfter time.Duration

	// StopOnCaution makes Do stop at a "caution" answer, one that is only
	// sometimes transient (a 500, say), instead of retrying it like a
	// clearly transient one. The zero value retries them: with a request
	// that is safe to repeat, another try costs little.
	StopOnCaution bool

	// Breaker, if set, is asked before every attempt (Do stops with
	// CircuitOpen when it refuses) and told each outcome: success, or an
	// answer classify rates Never (the dependency answered deliberately)
	// count as healthy; anything worth retrying counts as a failure.
	Breaker *breaker.Breaker

	// Budget, if set, pays for every retry; Do stops with BudgetEmpty when
	// it cannot. Share one Budget among the calls to one dependency.
	Budget *Budget

	// Idempotent says the request can be repeated safely (GET, PUT,
	// DELETE). A request that is neither Idempotent nor has an
	// IdempotencyKey runs once.
	Idempotent bool

	// IdempotencyKey, when set, is the key the Op sends so that the server
	// applies the request at most once; it makes the request safe to
	// repeat. Do only checks that it is set.
	IdempotencyKey string

	// Rand supplies the jitter draws. Nil means a source private to each
	// Do call, seeded unpredictably, so that clients do not jitter in step.
	// Set it (for example rand.New(rand.NewPCG(1, 2))) for reproducible
	// waits; it must not be used by two Do calls at once.
	Rand *rand.Rand

	// Sleep waits d or until ctx is done, returning ctx's error in that
	// case. Nil means a real timer; a virtual clock's Sleep fits.
	Sleep func(ctx context.Context, d time.Duration) error

	// Now returns the current time, for Retry-After dates and deadline
	// checks. Nil means time.Now.
	Now func() time.Time

	// WithTimeout derives an attempt's context when PerAttemptTimeout is
	// set. Nil means context.WithTimeout; a virtual clock's version fits.
	WithTimeout func(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc)

	// OnRetry, if set, is called before every wait with the attempt that
	// failed and the wait that follows.
	OnRetry func(Attempt)
}

// Response is what an Op returns: the parts of an answer Do looks at, plus
// a value of the Op's own.
type Response struct {
	// Status is the HTTP status code, or 0 for an operation without one
	// (then only the error decides).
	Status int
	// Header holds the response headers (an http.Header fits); Do reads
	// Retry-After and retry-after-ms from it. It may be nil.
	Header classify.Header
	// Value carries whatever the Op wants to hand back (a decoded body,
	// say); Do passes it through untouched.
	Value any
}

// Op is one attempt at the operation. attempt counts from 1. ctx is done
// when the caller's context is, or when Policy.PerAttemptTimeout has passed.
// A status of 400 or more, or a non-nil error, is a failure.
type Op func(ctx context.Context, attempt int) (Response, error)

// Attempt describes a failed attempt that Do is about to retry; OnRetry
// receives it.
type Attempt struct {
	// Number is the attempt that failed, counting from 1.
	Number int
	// Response and Err are what the attempt returned.
	Response Response
	Err      error
	// Decision is classify's reading of the failure.
	Decision classify.Decision
	// Wait is how long Do waits before attempt Number+1.
	Wait time.Duration
	// RetryAfter reports whether Wait is the server's Retry-After (capped
	// at MaxRetryAfter) rather than a backoff delay.
	RetryAfter bool
}

// Validate reports the first invalid field of p, with an error that starts
// with "retry:" and names the field.
func (p Policy) Validate() error {
	_, err := p.resolve()
	return err
}

// settings is a Policy with its defaults filled in and its schedule built.
type settings struct {
	Policy
	schedule backoff.Schedule
	jitter   bool // the schedule draws random numbers
}

func (p Policy) resolve() (settings, error) {
	switch {
	case p.MaxAttempts < 0:
		return settings{}, fmt.Errorf("retry: MaxAttempts must be >= 0, got %d", p.MaxAttempts)
	case p.PerAttemptTimeout < 0:
		return settings{}, fmt.Errorf("retry: PerAttemptTimeout must be >= 0, got %v", p.PerAttemptTimeout)
	case p.MaxRetryAfter < 0:
		return settings{}, fmt.Errorf("retry: MaxRetryAfter must be >= 0, got %v", p.MaxRetryAfter)
	}
	if p.MaxAttempts == 0 {
		p.MaxAttempts = DefaultMaxAttempts
	}
	if p.MaxRetryAfter == 0 {
		p.MaxRetryAfter = DefaultMaxRetryAfter
	}
	c := p.Backoff
	if c == (backoff.Config{}) {
		c.Jitter = backoff.Full
	}
	if c.Base == 0 {
		c.Base = DefaultBackoffBase
	}
	if c.Cap == 0 {
		c.Cap = max(DefaultBackoffCap, c.Base)
	}
	s, err := backoff.New(c)
	if err != nil {
		return settings{}, fmt.Errorf("retry: Backoff: %w", err)
	}
	if p.Sleep == nil {
		p.Sleep = sleep
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	if p.WithTimeout == nil {
		p.WithTimeout = context.WithTimeout
	}
	return settings{Policy: p, schedule: s, jitter: c.Jitter != backoff.None}, nil
}

// sleep waits d on a real timer, or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
