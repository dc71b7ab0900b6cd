// Which failures are worth retrying? classify.Status gives each HTTP status
// a verdict (retry, caution or never) and a reason, and RetryAfter reads
// how long the server asked us to wait.
//
// Try: add 501 and 409 to the list, or change the Retry-After header.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/classify"
)

// header is a tiny response header: anything with Get(name) fits.
type header map[string]string

func (h header) Get(name string) string { return h[name] }

func main() {
	for _, code := range []int{408, 429, 503, 529, 500, 400, 401, 404, 422} {
		d := classify.Status(code)
		fmt.Printf("%d  %-7v %s\n", code, d.Verdict, d.Reason)
	}

	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	h := header{"Retry-After": "2"}
	if wait, ok := classify.RetryAfter(h, now, time.Minute); ok {
		fmt.Println("\nRetry-After: 2  -> wait", wait)
	}
	h = header{"Retry-After": "2", "Retry-After-Ms": "1500"}
	if wait, ok := classify.RetryAfter(h, now, time.Minute); ok {
		fmt.Println("retry-after-ms: 1500 wins -> wait", wait)
	}
	h = header{"Retry-After": "soon"}
	if _, ok := classify.RetryAfter(h, now, time.Minute); !ok {
		fmt.Println("Retry-After: soon -> unreadable, use our own backoff")
	}
}
