package classify_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"syscall"
	"time"

	"github.com/flakylab/flakylab/core/classify"
)

// The course's table: which responses to retry.
func ExampleStatus() {
	for _, code := range []int{408, 429, 502, 503, 504, 529, 500, 400, 401, 403, 404, 422, 409, 501} {
		d := classify.Status(code)
		fmt.Printf("%d  %-7v  %s\n", code, d.Verdict, d.Reason)
	}
	// Output:
	// 408  retry    408 Request Timeout: the server gave up waiting for the request; retry
	// 429  retry    429 Too Many Requests: the server asked us to slow down; retry after waiting
	// 502  retry    502 Bad Gateway: a proxy got no valid answer from the server; retry after waiting
	// 503  retry    503 Service Unavailable: the server is overloaded or down for maintenance; retry after waiting
	// 504  retry    504 Gateway Timeout: a proxy timed out waiting for the server; retry after waiting
	// 529  retry    529 Overloaded: the provider is over capacity; retry after waiting
	// 500  caution  500 Internal Server Error: the failure may be transient, but the work may have been done; retry a few times at most, only if safe to repeat
	// 400  never    400 Bad Request: the request is malformed; fix it rather than retry
	// 401  never    401 Unauthorized: the credentials are missing or invalid; fix them rather than retry
	// 403  never    403 Forbidden: the credentials do not allow this request; retrying will not change that
	// 404  never    404 Not Found: the resource does not exist; retrying will not create it
	// 422  never    422 Unprocessable Content: the request is well-formed but invalid; fix it rather than retry
	// 409  retry    409 Conflict: a request with the same idempotency key is still in flight; retry later
	// 501  never    501 Not Implemented: the server does not support this request; it will fail the same way again
}

func ExampleError() {
	for _, c := range []struct {
		what string
		err  error
	}{
		{"deadline exceeded", context.DeadlineExceeded},
		{"connection refused", fmt.Errorf("dial tcp: %w", syscall.ECONNREFUSED)},
		{"response cut short", fmt.Errorf("read response: %w", io.ErrUnexpectedEOF)},
		{"caller canceled", context.Canceled},
		{"unrecognized", errors.New("http2: server sent GOAWAY")},
	} {
		fmt.Printf("%-20s %v\n", c.what, classify.Error(c.err).Verdict)
	}
	// Output:
	// deadline exceeded    retry
	// connection refused   retry
	// response cut short   retry
	// caller canceled      never
	// unrecognized         caution
}

// Each form of Retry-After, read at 08:49:00 GMT on 6 November 1994.
func ExampleParseRetryAfter() {
	now := time.Date(1994, time.November, 6, 8, 49, 0, 0, time.UTC)
	for _, v := range []string{
		"120",                            // delay-seconds
		"Sun, 06 Nov 1994 08:49:37 GMT",  // IMF-fixdate
		"Sunday, 06-Nov-94 08:49:37 GMT", // obsolete RFC 850 date
		"Sun Nov  6 08:49:37 1994",       // asctime
		"Sun, 06 Nov 1994 08:00:00 GMT",  // in the past: retry now
		"1.5",                            // not an integer: ignored
		"-1",                             // negative: ignored
	} {
		d, ok := classify.ParseRetryAfter(v, now)
		fmt.Printf("%-32q %v %v\n", v, d, ok)
	}
	// Output:
	// "120"                            2m0s true
	// "Sun, 06 Nov 1994 08:49:37 GMT"  37s true
	// "Sunday, 06-Nov-94 08:49:37 GMT" 37s true
	// "Sun Nov  6 08:49:37 1994"       37s true
	// "Sun, 06 Nov 1994 08:00:00 GMT"  0s true
	// "1.5"                            0s false
	// "-1"                             0s false
}

func ExampleParseRetryAfterMs() {
	for _, v := range []string{"1500", "20.5", "soon"} {
		d, ok := classify.ParseRetryAfterMs(v)
		fmt.Println(v, d, ok)
	}
	// Output:
	// 1500 1.5s true
	// 20.5 20.5ms true
	// soon 0s false
}

// A 429 that carries both fields: the millisecond one wins. A server asking
// for an hour is held to the caller's one-minute maximum.
func ExampleRetryAfter() {
	now := time.Now()
	h := http.Header{}
	h.Set("Retry-After", "2")
	h.Set("Retry-After-Ms", "1500")
	fmt.Println(classify.RetryAfter(h, now, time.Minute))

	h = http.Header{}
	h.Set("Retry-After", "3600")
	fmt.Println(classify.RetryAfter(h, now, time.Minute))
	// Output:
	// 1.5s true
	// 1m0s true
}
