package transport_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/retry"
	"github.com/flakylab/flakylab/core/transport"
)

// roundTripFunc sends a request without a network.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestTransportRewindsTheBodyOnlyForRetries: the first attempt sends the
// caller's own body; GetBody is asked for a fresh copy only when an attempt
// is retried, once per retry, and every attempt carries the whole body.
func TestTransportRewindsTheBodyOnlyForRetries(t *testing.T) {
	for _, failures := range []int{0, 1, 2} {
		var bodies []string
		base := roundTripFunc(func(r *http.Request) (*http.Response, error) {
			b, err := io.ReadAll(r.Body)
			require.NoError(t, err)
			bodies = append(bodies, string(b))
			status := http.StatusOK
			if len(bodies) <= failures {
				status = http.StatusServiceUnavailable
			}
			return &http.Response{StatusCode: status, Header: http.Header{}, Body: io.NopCloser(strings.NewReader("")), Request: r}, nil
		})
		tr, err := transport.New(transport.Settings{Base: base, Policy: retry.Policy{
			Sleep: func(context.Context, time.Duration) error { return nil },
		}})
		require.NoError(t, err)
		req, err := http.NewRequest("PUT", "http://provider.test/items/1", bytes.NewReader([]byte("payload")))
		require.NoError(t, err)
		getBody := req.GetBody
		rewinds := 0
		req.GetBody = func() (io.ReadCloser, error) {
			rewinds++
			return getBody()
		}
		resp, err := tr.RoundTrip(req)
		require.NoError(t, err, "%d failures", failures)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, "%d failures", failures)
		assert.Equal(t, failures, rewinds, "GetBody calls after %d failures", failures)
		require.Len(t, bodies, failures+1, "attempts after %d failures", failures)
		for i, b := range bodies {
			assert.Equal(t, "payload", b, "body of attempt %d after %d failures", i+1, failures)
		}
	}
}
