package provider

// transportError is a failure below HTTP: the request or its response did
// not make it. Its Timeout method lets retry classifiers tell timeouts
// apart, as with net.Error.
type transportError struct {
	msg     string
	timeout bool
}

func (e *transportError) Error() string { return e.msg }

// Timeout reports whether the error is a timeout.
func (e *transportError) Timeout() bool { return e.timeout }

// The package's errors are created once and never reassigned; each has a
// Timeout() bool method, as network errors do.
var (
	// ErrTimeout is a request that timed out before the server saw it:
	// use it as Step.Err. Its Timeout method reports true.
	ErrTimeout error = &transportError{msg: "provider: request timed out", timeout: true}
	// ErrConnectionReset is a connection dropped before the server saw the
	// request: use it as Step.Err. Its Timeout method reports false.
	ErrConnectionReset error = &transportError{msg: "provider: connection reset", timeout: false}
	// ErrResponseLost is what the caller gets when a step drops the
	// response: the server did the work but no answer came back, so the
	// client's wait ends in a timeout. Its Timeout method reports true.
	ErrResponseLost error = &transportError{msg: "provider: response lost (timed out waiting for it)", timeout: true}
)
