package redisstore_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/flakylab/flakylab/redisstore/redisserver"
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
		Protocol:              2,
		ContextTimeoutEnabled: true,
	})
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// quietLog keeps go-redis from logging every refused dial of the fault
// tests; the stores report errors through OnError.
type quietLog struct{}

func (quietLog) Printf(context.Context, string, ...any) {}

func TestMain(m *testing.M) {
	redis.SetLogger(quietLog{})
	os.Exit(m.Run())
}
