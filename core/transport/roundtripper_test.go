package transport_test

import (
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

// roundTripper answers from a list of statuses without a network, so this
// test also runs in the browser build, where nothing can listen.
type roundTripper struct {
	statuses []int
	bodies   []string
	closed   int
}

func (rt *roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	n := len(rt.bodies)
	body := ""
	if req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		body = string(b)
	}
	rt.bodies = append(rt.bodies, body)
	status := rt.statuses[min(n, len(rt.statuses)-1)]
	return &http.Response{
		StatusCode: status,
		Header:     http.Header{},
		Body:       &closeCounter{Reader: strings.NewReader(http.StatusText(status)), n: &rt.closed},
		Request:    req,
	}, nil
}

type closeCounter struct {
	io.Reader
	n *int
}

func (c *closeCounter) Close() error {
	*c.n++
	return nil
}

func TestTransportOverAnyRoundTripper(t *testing.T) {
	rt := &roundTripper{statuses: []int{503, 504, 200}}
	var waited []time.Duration
	tr, err := transport.New(transport.Settings{Base: rt, Policy: retry.Policy{
		Sleep: func(_ context.Context, d time.Duration) error {
			waited = append(waited, d)
			return nil
		},
	}})
	require.NoError(t, err)
	req, err := http.NewRequest("PUT", "http://provider.test/items/1", strings.NewReader("v=1"))
	require.NoError(t, err)
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err)
	assert.Equal(t, 200, resp.StatusCode, "final status")
	assert.Equal(t, []string{"v=1", "v=1", "v=1"}, rt.bodies, "the body is rewound for each attempt")
	assert.Equal(t, 2, rt.closed, "the two retried responses are closed")
	assert.Len(t, waited, 2, "waits")
	require.NoError(t, resp.Body.Close())
}
