package classify_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/classify"
)

// flagged is an error that answers Timeout and Temporary as told, like
// net.Error implementations do.
type flagged struct {
	timeout, temporary bool
	err                error
}

func (f flagged) Error() string {
	return fmt.Sprintf("flagged(timeout=%v, temporary=%v)", f.timeout, f.temporary)
}
func (f flagged) Timeout() bool   { return f.timeout }
func (f flagged) Temporary() bool { return f.temporary }
func (f flagged) Unwrap() error   { return f.err }

// dialError builds the chain an http.Client returns when a dial fails.
func dialError(errno error) error {
	return &url.Error{Op: "Get", URL: "http://api.example/v1", Err: &net.OpError{
		Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", errno),
	}}
}

func TestError(t *testing.T) {
	plain := errors.New("x509: certificate signed by unknown authority")
	tests := []struct {
		name        string
		err         error
		want        classify.Verdict
		reasonStart string
	}{
		{"nil", nil, classify.Never, "no error"},
		{"canceled", context.Canceled, classify.Never, "canceled: the caller gave up"},
		{"canceled inside a url.Error", &url.Error{Op: "Get", URL: "http://x", Err: context.Canceled}, classify.Never, "canceled"},
		{"canceled joined with a timeout", errors.Join(flagged{timeout: true}, context.Canceled), classify.Never, "canceled"},
		{"deadline exceeded", context.DeadlineExceeded, classify.Retry, "timeout"},
		{"wrapped deadline exceeded", fmt.Errorf("call: %w", context.DeadlineExceeded), classify.Retry, "timeout"},
		{"os deadline exceeded", os.ErrDeadlineExceeded, classify.Retry, "timeout"},
		{"Timeout() true", flagged{timeout: true}, classify.Retry, "timeout"},
		{"EAGAIN reports a timeout", syscall.EAGAIN, classify.Retry, "timeout"},
		{"timeout under a wrapper that says no", flagged{err: flagged{timeout: true}}, classify.Retry, "timeout"},
		{"timeout inside a join", errors.Join(plain, flagged{timeout: true}), classify.Retry, "timeout"},
		{"dial timeout chain", dialError(flagged{timeout: true}), classify.Retry, "timeout"},
		{"refused", syscall.ECONNREFUSED, classify.Retry, "connection refused"},
		{"refused dial chain", dialError(syscall.ECONNREFUSED), classify.Retry, "connection refused"},
		{"reset", dialError(syscall.ECONNRESET), classify.Retry, "connection reset"},
		{"aborted", dialError(syscall.ECONNABORTED), classify.Retry, "connection aborted"},
		{"broken pipe", fmt.Errorf("write: %w", syscall.EPIPE), classify.Retry, "broken pipe"},
		{"unexpected EOF", fmt.Errorf("read body: %w", io.ErrUnexpectedEOF), classify.Retry, "unexpected EOF"},
		{"EOF", &url.Error{Op: "Post", URL: "http://x", Err: io.EOF}, classify.Retry, "EOF"},
		{"Temporary() true", flagged{temporary: true}, classify.Retry, "temporary"},
		{"temporary deep in a join", errors.Join(plain, fmt.Errorf("a: %w", flagged{temporary: true})), classify.Retry, "temporary"},
		{"flags all false", flagged{}, classify.Caution, "unrecognized error"},
		{"unknown error", plain, classify.Caution, "unrecognized error"},
		{"join of unknown errors", errors.Join(plain, errors.New("other")), classify.Caution, "unrecognized error"},
		{"other errno", syscall.ENOENT, classify.Caution, "unrecognized error"},
		{"permanent", &classify.PermanentError{Reason: "certificate rejected: expired", Err: plain}, classify.Never, "certificate rejected: expired$"},
		{"wrapped permanent", fmt.Errorf("get: %w", &classify.PermanentError{Reason: "bad URL", Err: plain}), classify.Never, "bad URL$"},
		{"permanent over a timeout it wraps", &classify.PermanentError{Reason: "marked", Err: flagged{timeout: true}}, classify.Never, "marked$"},
		{"permanent over a temporary error it wraps", &classify.PermanentError{Reason: "marked", Err: flagged{temporary: true}}, classify.Never, "marked$"},
		{"permanent joined with a timeout", errors.Join(flagged{timeout: true}, &classify.PermanentError{Reason: "marked", Err: plain}), classify.Never, "marked$"},
		{"permanent wrapping a refused connection", &classify.PermanentError{Reason: "marked", Err: dialError(syscall.ECONNREFUSED)}, classify.Never, "marked$"},
		{"canceled inside a permanent", &classify.PermanentError{Reason: "marked", Err: context.Canceled}, classify.Never, "canceled"},
	}
	for _, tt := range tests {
		got := classify.Error(tt.err)
		assert.Equal(t, tt.want, got.Verdict, "%s: Error(%v): want %v, got %v", tt.name, tt.err, tt.want, got)
		assert.Regexp(t, "^"+tt.reasonStart, got.Reason, "%s: Error(%v): reason", tt.name, tt.err)
	}
}

func TestPermanentErrorKeepsTheMessageAndTheChain(t *testing.T) {
	inner := fmt.Errorf("dial: %w", syscall.ECONNREFUSED)
	perm := &classify.PermanentError{Reason: "marked", Err: inner}
	assert.Equal(t, inner.Error(), perm.Error(), "Error() of %#v", perm)
	assert.ErrorIs(t, perm, syscall.ECONNREFUSED, "errors.Is sees through the mark")
	assert.Same(t, inner, errors.Unwrap(perm), "Unwrap of %#v", perm)

	bare := &classify.PermanentError{Reason: "no input"}
	assert.Equal(t, "permanent error: no input", bare.Error(), "Error() without Err")
	assert.Nil(t, bare.Unwrap())
	assert.Equal(t, classify.Never, classify.Error(bare).Verdict, "Error(%v)", bare)
}
