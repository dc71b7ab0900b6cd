package middleware_test

import (
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/middleware"
)

// failingBody is a request body whose Read always fails.
type failingBody struct{}

func (failingBody) Read([]byte) (int, error) { return 0, errors.New("connection reset by peer") }

// TestIdempotencyBodyThatCannotBeRead: a body that fails while being read
// is answered 400 with the reason, and the handler never runs.
func TestIdempotencyBodyThatCannotBeRead(t *testing.T) {
	c := &charges{}
	h, err := middleware.Idempotency(c, middleware.IdempotencySettings{Store: memoryStore()})
	require.NoError(t, err)
	req := httptest.NewRequest("POST", "/charges", failingBody{})
	req.Header.Set(middleware.HeaderIdempotencyKey, "k1")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	assert.Equal(t, 400, rec.Code)
	assert.Contains(t, rec.Body.String(), "middleware: reading the request body: connection reset by peer")
	assert.Equal(t, int64(0), c.n.Load(), "handler runs")
}
