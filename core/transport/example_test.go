//go:build !(js && wasm)

package transport_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/flakylab/flakylab/core/retry"
	"github.com/flakylab/flakylab/core/transport"
)

// A provider that is overloaded twice, asking for 2 seconds the first
// time: the client waits as asked, then backs off with full jitter, and
// the third attempt succeeds. The POST is retried because the transport
// gave it an idempotency key, the same one on every attempt.
func Example() {
	attempts := 0
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		attempts++
		fmt.Printf("attempt %d, key sent: %v\n", attempts, r.Header.Get("Idempotency-Key") != "")
		switch attempts {
		case 1:
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusTooManyRequests)
		case 2:
			w.WriteHeader(529) // overloaded
		default:
			io.WriteString(w, "done")
		}
	}))
	defer provider.Close()

	tr, err := transport.New(transport.Settings{
		AddIdempotencyKey: true,
		Policy: retry.Policy{
			OnRetry: func(a retry.Attempt) {
				fmt.Printf("  %d, server asked: %v\n", a.Response.Status, a.RetryAfter)
			},
			// Not waiting keeps the example fast; leave Sleep nil to wait.
			Sleep: func(context.Context, time.Duration) error { return nil },
		},
	})
	if err != nil {
		panic(err)
	}
	client := &http.Client{Transport: tr, Timeout: time.Minute}
	resp, err := client.Post(provider.URL, "text/plain", nil)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))
	// Output:
	// attempt 1, key sent: true
	//   429, server asked: true
	// attempt 2, key sent: true
	//   529, server asked: false
	// attempt 3, key sent: true
	// 200 done
}
