package retry

import (
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/classify"
)

// Do runs op, retrying as p describes, and returns the first successful
// response with a nil error. When it stops without a success it returns the
// last response (if any) and an *Error whose Reason says why; errors.Is
// sees through it to the last attempt's error, the context's error or
// breaker.ErrOpen. An invalid Policy returns Validate's error without
// running op.
//
// An attempt succeeds when op returns a nil error and a Status below 400. A
// failure is judged by its status when op returned one of 400 or more, and
// by its error otherwise (classify.Status and classify.Error); an attempt
// cut short by PerAttemptTimeout is worth retrying unless op's error is a
// *classify.PermanentError, which is never retried.
func (p Policy) Do(ctx context.Context, op Op) (Response, error) {
	s, verr := p.resolve()
	if verr != nil {
		return Response{}, verr
	}
	var (
		last  Response
		taken int           // tokens the latest retry withdrew
		prev  time.Duration // the latest backoff delay, for decorrelated jitter
		draw  = s.Rand
	)
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return last, &Error{Reason: ContextDone, Attempts: n - 1, Last: last, Err: err}
		}
		var tk breaker.Ticket
		if s.Breaker != nil {
			var berr error
			if tk, berr = s.Breaker.Allow(); berr != nil {
				return last, &Error{Reason: CircuitOpen, Attempts: n - 1, Last: last, Err: berr}
			}
		}

		resp, err := s.attempt(ctx, op, n)
		last = resp
		if err == nil && resp.Status < 400 {
			if s.Breaker != nil {
				s.Breaker.Record(tk, true)
			}
			if s.Budget != nil {
				s.Budget.Refund(taken)
			}
			return resp, nil
		}

		if ctxErr := ctx.Err(); ctxErr != nil {
			// The caller's context ended during the attempt. A passed
			// deadline says the dependency was slow; a cancellation says
			// nothing about it, so that ticket is left unrecorded.
			if s.Breaker != nil && errors.Is(ctxErr, context.DeadlineExceeded) {
				s.Breaker.Record(tk, false)
			}
			if err == nil || !errors.Is(err, ctxErr) {
				err = ctxErr
			}
			return last, &Error{Reason: ContextDone, Attempts: n, Last: last, Err: err}
		}

		d, timeout := judge(resp, err)
		if s.Breaker != nil {
			s.Breaker.Record(tk, d.Verdict == classify.Never)
		}
		var reason StopReason
		switch {
		case d.Verdict == classify.Never, d.Verdict == classify.Caution && s.StopOnCaution:
			reason = NotRetryable
		case !s.Idempotent && s.IdempotencyKey == "":
			reason = NotIdempotent
		case n >= s.MaxAttempts:
			reason = AttemptsExhausted
		}
		if reason != 0 {
			return last, &Error{Reason: reason, Attempts: n, Last: last, Err: err}
		}

		now := s.Now()
		wait, fromHeader := classify.RetryAfter(resp.Header, now, s.MaxRetryAfter)
		if !fromHeader {
			u := 0.0
			if s.jitter {
				if draw == nil {
					draw = newRand()
				}
				u = draw.Float64()
			}
			wait = s.schedule.Delay(n, prev, u)
			prev = wait
		}

		if dl, ok := ctx.Deadline(); ok && !now.Add(wait).Before(dl) {
			// The next attempt could not start before the deadline.
			return last, &Error{Reason: ContextDone, Attempts: n, Last: last, Err: context.DeadlineExceeded}
		}
		if s.Budget != nil {
			var ok bool
			if taken, ok = s.Budget.Withdraw(timeout); !ok {
				return last, &Error{Reason: BudgetEmpty, Attempts: n, Last: last, Err: err}
			}
		}
		if s.OnRetry != nil {
			s.OnRetry(Attempt{Number: n, Response: resp, Err: err, Decision: d, Wait: wait, RetryAfter: fromHeader})
		}
		if serr := s.Sleep(ctx, wait); serr != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				serr = ctxErr
			}
			return last, &Error{Reason: ContextDone, Attempts: n, Last: last, Err: serr}
		}
	}
}

// attempt runs op once under the per-attempt timeout. An attempt that the
// timeout cut short returns errAttemptTimeout if op's own error does not
// already say so.
func (s *settings) attempt(ctx context.Context, op Op, n int) (Response, error) {
	if s.PerAttemptTimeout <= 0 {
		return op(ctx, n)
	}
	actx, cancel := s.WithTimeout(ctx, s.PerAttemptTimeout)
	defer cancel()
	resp, err := op(actx, n)
	if err == nil && resp.Status < 400 {
		return resp, nil
	}
	if actx.Err() != nil && ctx.Err() == nil && !errors.Is(err, context.DeadlineExceeded) {
		err = errors.Join(errAttemptTimeout, err)
	}
	return resp, err
}

// errAttemptTimeout marks an attempt cut short by Policy.PerAttemptTimeout
// whose Op returned something other than context.DeadlineExceeded.
var errAttemptTimeout = errors.New("retry: attempt timed out")

// judge classifies a failed attempt and says whether it was a timeout,
// which costs more retry budget. An error marked permanent is never
// retried, even when what it wraps timed out.
func judge(resp Response, err error) (d classify.Decision, timeout bool) {
	var perm *classify.PermanentError
	if err != nil {
		timeout = isTimeout(err)
	}
	switch {
	case resp.Status >= 400:
		d = classify.Status(resp.Status)
	case timeout && !errors.As(err, &perm):
		d = classify.Decision{Verdict: classify.Retry, Reason: "attempt timed out"}
	default:
		d = classify.Error(err)
	}
	return d, timeout
}

// isTimeout reports whether err is a deadline or a transport timeout.
func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, errAttemptTimeout) {
		return true
	}
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// newRand returns a source private to one Do call, seeded from the
// runtime's generator (which the operating system seeds) so that separate
// clients jitter independently. Not crypto/rand: that would link its
// DRBG and AES into the browser runtime for a jitter seed.
func newRand() *rand.Rand {
	var seed [32]byte
	for i := 0; i < len(seed); i += 8 {
		binary.LittleEndian.PutUint64(seed[i:], rand.Uint64())
	}
	return rand.New(rand.NewChaCha8(seed))
}
