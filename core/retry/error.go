package retry

import (
	"fmt"
	"strings"
)

// StopReason says why Do stopped without a success. The zero value is not
// a reason Do reports.
type StopReason int

// The reasons Do stops.
const (
	// AttemptsExhausted: every one of Policy.MaxAttempts attempts failed
	// with a retryable answer.
	AttemptsExhausted StopReason = iota + 1
	// NotRetryable: the answer cannot succeed on a retry (a 400, 404 or
	// 422, say), or it was a "caution" answer and Policy.StopOnCaution is
	// set.
	NotRetryable
	// CircuitOpen: the breaker refused the next attempt.
	CircuitOpen
	// BudgetEmpty: the retry budget had too few tokens for another retry.
	BudgetEmpty
	// ContextDone: the context was cancelled or its deadline passed, or
	// the next wait would have ended after the deadline.
	ContextDone
	// NotIdempotent: the attempt failed in a way worth retrying, but the
	// request is neither idempotent nor protected by an idempotency key, so
	// repeating it could apply it twice.
	NotIdempotent
)

// String returns the reason in words, e.g. "attempts exhausted".
func (r StopReason) String() string {
	switch r {
	case AttemptsExhausted:
		return "attempts exhausted"
	case NotRetryable:
		return "not retryable"
	case CircuitOpen:
		return "circuit open"
	case BudgetEmpty:
		return "retry budget empty"
	case ContextDone:
		return "context done"
	case NotIdempotent:
		return "not idempotent"
	}
	return fmt.Sprintf("StopReason(%d)", int(r))
}

// Error is the error Do returns when it stops without a success.
type Error struct {
	// Reason says why Do stopped.
	Reason StopReason
	// Attempts is the number of times the operation ran (0 when the
	// context was done or the circuit open before the first attempt).
	Attempts int
	// Last is the response of the last attempt (the zero Response if there
	// was none or it returned none).
	Last Response
	// Err is the underlying error: the last attempt's error, or
	// breaker.ErrOpen or breaker.ErrTooManyProbes for CircuitOpen, or the
	// context's error for ContextDone. It is nil when the last attempt
	// returned a failing status without an error.
	Err error
}

// Error describes the stop, e.g. "retry: attempts exhausted after 3
// attempts: last status 503".
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "retry: %s after %d attempt", e.Reason, e.Attempts)
	if e.Attempts != 1 {
		b.WriteByte('s')
	}
	if e.Last.Status != 0 {
		fmt.Fprintf(&b, ": last status %d", e.Last.Status)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns Err, so errors.Is and errors.As see through an Error to,
// say, context.DeadlineExceeded or breaker.ErrOpen.
func (e *Error) Unwrap() error { return e.Err }
