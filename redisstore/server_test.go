package redisstore_test

import (
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/flakylab/flakylab/redisstore/internal/redisserver"
)

// newClient returns a client of srv, closed when the test ends. Each
// replica of a fleet gets its own, with its own connections.
func newClient(t testing.TB, srv *redisserver.Server) *redis.Client {
	t.Helper()
	c := redis.NewClient(&redis.Options{
		Addr:        srv.Addr,
		DialTimeout: time.Second,
		// Protocol 2 skips the HELLO handshake; the stores need nothing
		// of RESP3.
		Protocol: 2,
	})
	t.Cleanup(func() { _ = c.Close() })
	return c
}
