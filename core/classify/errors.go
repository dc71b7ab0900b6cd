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
//	a *PermanentError in the chain       Never   its Reason
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
// which is the same doubt as a 500. Errors that cannot succeed on retry but
// that this package cannot recognize without importing net, crypto/tls or
// crypto/x509 (a certificate the client rejects, a URL with no host) are
// for the caller to wrap in a [PermanentError]; core/transport does so.
func Error(err error) Decision {
	var perm *PermanentError
	switch {
	case err == nil:
		return Decision{Never, "no error: nothing to retry"}
	case errors.Is(err, context.Canceled):
		return Decision{Never, "canceled: the caller gave up; do not retry"}
	case errors.As(err, &perm):
		return Decision{Never, perm.Reason}
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

// PermanentError marks an error that no retry can fix: the same request
// fails the same way every time. [Error] classifies it, and any error that
// wraps it, as Never with Reason as the reason, before it looks for a
// timeout or a dropped connection. Wrap an error in it where the caller
// knows more than the error's type tells this package: a transport that
// recognizes a certificate it rejected, an operation that found its input
// invalid.
type PermanentError struct {
	// Reason says why retrying cannot help, as a Decision's reason does:
	// "certificate rejected: ...; do not retry".
	Reason string
	// Err is the error being classified.
	Err error
}

// Error returns Err's message, so that wrapping an error in a
// PermanentError does not change what a caller or a log sees.
func (e *PermanentError) Error() string {
	if e.Err == nil {
		return "permanent error: " + e.Reason
	}
	return e.Err.Error()
}

// Unwrap returns Err, so that errors.Is and errors.As see through the mark.
func (e *PermanentError) Unwrap() error { return e.Err }

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
