package classify

import (
	"context"
	"errors"
	"io"
	"syscall"
)

// Error classifies the error a call returned instead of a response (from
// an http.Client, a dialer or any transport). The checks run in this order,
// and the first that matches decides:
//
//	nil                                  Never   nothing failed
//	context.Canceled                     Never   the caller gave up
//	context.DeadlineExceeded, or any     Retry   a timeout
//	  error in the chain whose
//	  Timeout() reports true
//	connection refused, reset, aborted   Retry   the connection failed
//	  (syscall.ECONNREFUSED, ECONNRESET,
//	  ECONNABORTED), broken pipe (EPIPE)
//	io.ErrUnexpectedEOF, io.EOF          Retry   the connection closed early
//	any error in the chain whose         Retry   it says so
//	  Temporary() reports true
//	anything else                        Caution the outcome is unknown
//
// Errors are matched through wrapping (errors.Is, and a walk of the
// Unwrap chain, including errors.Join trees, for the Timeout and Temporary
// methods that net.Error, url.Error and syscall.Errno provide), so the
// package need not import net.
//
// A timeout is a Retry because a per-attempt deadline says nothing about the
// next attempt; a retry loop must still stop when its own, overall context
// is done. An unrecognized error is a Caution, not a Never: it comes from
// the transport, so the request may or may not have reached the server,
// which is the same doubt as a 500. Errors that cannot succeed on retry
// (a bad URL, a certificate the client rejects) are better caught by the
// caller before classifying.
func Error(err error) Decision {
	switch {
	case err == nil:
		return Decision{Never, "no error: nothing to retry"}
	case errors.Is(err, context.Canceled):
		return Decision{Never, "canceled: the caller gave up; do not retry"}
	case errors.Is(err, context.DeadlineExceeded) || inChain(err, isTimeout):
		return Decision{Retry, "timeout: no answer in time; retry after waiting"}
	case errors.Is(err, syscall.ECONNREFUSED):
		return Decision{Retry, "connection refused: nothing is listening, perhaps the server is restarting; retry after waiting"}
	case errors.Is(err, syscall.ECONNRESET):
		return Decision{Retry, "connection reset: the connection dropped mid-request; retry after waiting"}
	case errors.Is(err, syscall.ECONNABORTED):
		return Decision{Retry, "connection aborted: the connection was dropped; retry after waiting"}
	case errors.Is(err, syscall.EPIPE):
		return Decision{Retry, "broken pipe: the server closed the connection while we were sending; retry after waiting"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return Decision{Retry, "unexpected EOF: the response was cut short; retry after waiting"}
	case errors.Is(err, io.EOF):
		return Decision{Retry, "EOF: the server closed the connection before answering; retry after waiting"}
	case inChain(err, isTemporary):
		return Decision{Retry, "temporary error: the error reports itself as temporary; retry after waiting"}
	}
	return Decision{Caution, "unrecognized error: the request may or may not have reached the server; retry a few times at most, only if safe to repeat"}
}

func isTimeout(err error) bool {
	t, ok := err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

func isTemporary(err error) bool {
	t, ok := err.(interface{ Temporary() bool })
	return ok && t.Temporary()
}

// inChain reports whether match holds for err or any error it wraps. Unlike
// errors.As, which stops at the first error of the wanted type, it keeps
// looking when a wrapper has the method but answers false.
func inChain(err error, match func(error) bool) bool {
	for err != nil {
		if match(err) {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if inChain(e, match) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}
