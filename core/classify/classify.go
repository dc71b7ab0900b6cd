// Package classify decides which failed calls are worth retrying, and reads
// how long the server asked the client to wait.
//
// # The model
//
// A retry only helps when the same request can succeed a moment later. Every
// outcome gets one of three verdicts:
//
//   - [Retry]: the failure is transient and the same request can succeed a
//     little later: timeouts, dropped or refused connections, 408, 409 (same
//     idempotency key still in flight), 429, 502, 503, 504 and 529
//     (overloaded). Retry after a backoff, or after Retry-After when the
//     server sent one.
//   - [Caution]: the failure may be transient, or may be a fault that
//     repeats every time: 500, most other 5xx, and transport errors this
//     package does not recognize. Retry a few times at most.
//   - [Never]: retrying cannot help: 400, 401, 403, 404, 422, 501 and every
//     other 4xx (the same request fails the same way; fix it), success and
//     redirects (nothing failed), the caller's own cancellation, errors the
//     caller marked as a [PermanentError] (core/transport marks rejected
//     certificates and bad URLs), and nil.
//
// A verdict says whether a retry can succeed, not whether it is safe. A
// request that may have taken effect before the failure (a timeout, a
// dropped connection, a 500) should be repeated only if it is idempotent or
// carries an idempotency key, whatever the verdict.
//
// [Status] classifies an HTTP status code, [Error] a transport error. Each
// returns a [Decision]: the verdict and a short sentence saying why, meant
// for logs and for learners.
//
// # Retry-After
//
// [ParseRetryAfter] reads the Retry-After field of RFC 9110 §10.2.3 (delay
// in seconds, or an HTTP-date in any of its three forms),
// [ParseRetryAfterMs] reads the retry-after-ms field some model APIs send,
// and [RetryAfter] reads both from a header, preferring the more precise
// one. A value that cannot be read is reported with ok false, never as an
// error: a bad header should make the caller fall back to its own backoff,
// not stop the retry loop.
//
// The package imports neither net nor net/http, so it stays small in the
// browser build; an http.Header satisfies [Header].
package classify

import "fmt"

// Verdict says whether a failed call is worth retrying. The zero value is
// Never, so an unset Decision never retries. Verdicts are ordered: a larger
// verdict is more worth retrying (Never < Caution < Retry).
type Verdict int

const (
	// Never means retrying cannot help: fix the request or give up.
	Never Verdict = iota
	// Caution means retrying may help or may fail the same way every
	// time: retry only a few times.
	Caution
	// Retry means the failure is transient: retry after waiting.
	Retry
)

// String returns "never", "caution" or "retry" (or "Verdict(n)" for an
// unknown value).
func (v Verdict) String() string {
	switch v {
	case Never:
		return "never"
	case Caution:
		return "caution"
	case Retry:
		return "retry"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Decision is a Verdict with the reason for it, a short human sentence such
// as "429 Too Many Requests: the server asked us to slow down; retry after
// waiting".
type Decision struct {
	Verdict Verdict
	Reason  string
}

// String returns the verdict and the reason, as in "retry: 503 Service
// Unavailable: ...".
func (d Decision) String() string {
	return d.Verdict.String() + ": " + d.Reason
}
