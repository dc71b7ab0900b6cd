package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/flakylab/flakylab/core/store"
)

// DefaultTimeout bounds each call to Redis when Settings.Timeout is zero.
const DefaultTimeout = 250 * time.Millisecond

// DefaultPrefix starts every key the stores write when Settings.Prefix is
// empty.
const DefaultPrefix = "flakylab:"

// Settings are what both stores share. The zero value of each field means
// its documented default.
type Settings struct {
	// Prefix starts every key, so that several services can share one
	// Redis. Empty means DefaultPrefix.
	Prefix string
	// Timeout bounds each call to Redis, on top of the caller's context.
	// Zero means DefaultTimeout; negative is an error.
	Timeout time.Duration
	// FailOpen chooses what happens when Redis cannot be reached: allow
	// the request (true) or return an error wrapping store.ErrUnavailable
	// (false, the default). See the package documentation.
	FailOpen bool
	// OnError, if set, is called with every error of a call to Redis, in
	// the goroutine that made the call.
	OnError func(error)
}

func (s Settings) resolve() (Settings, error) {
	if s.Timeout < 0 {
		return s, fmt.Errorf("redisstore: Timeout must be >= 0, got %v", s.Timeout)
	}
	if s.Timeout == 0 {
		s.Timeout = DefaultTimeout
	}
	if s.Prefix == "" {
		s.Prefix = DefaultPrefix
	}
	return s, nil
}

// checkClient refuses a client that would ignore Settings.Timeout:
// go-redis lets a context's deadline interrupt a call only when its
// options say ContextTimeoutEnabled. Clients of other types are not
// checked.
func checkClient(c redis.Scripter, who string) error {
	if c == nil {
		return fmt.Errorf("redisstore: %s needs a Redis client, got nil", who)
	}
	enabled := true
	switch c := c.(type) {
	case *redis.Client:
		enabled = c.Options().ContextTimeoutEnabled
	case *redis.ClusterClient:
		enabled = c.Options().ContextTimeoutEnabled
	case *redis.Ring:
		enabled = c.Options().ContextTimeoutEnabled
	}
	if !enabled {
		return fmt.Errorf("redisstore: %s: the client's options must set ContextTimeoutEnabled: true, or a slow Redis holds every call for the client's ReadTimeout instead of Settings.Timeout", who)
	}
	return nil
}

// run runs script under the timeout and turns a failure into an error
// wrapping store.ErrUnavailable, reported to OnError.
func (s Settings) run(ctx context.Context, op string, c redis.Scripter, script *redis.Script, keys []string, args ...any) (any, error) {
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	v, err := script.Run(ctx, c, keys, args...).Result()
	if err == nil {
		return v, nil
	}
	err = fmt.Errorf("redisstore: %s: %w: %w", op, store.ErrUnavailable, err)
	if s.OnError != nil {
		s.OnError(err)
	}
	return nil, err
}

// errReply is returned when a script answers something it never sends:
// a different script under the same name, or a bug.
var errReply = errors.New("redisstore: unexpected reply from Redis")

// hashTag wraps key in braces. Redis Cluster hashes only what lies
// between the first "{" and the next "}", so every key built as
// prefix + hashTag(key) + suffix lands in one slot, whatever key holds.
func hashTag(key string) string { return "{" + key + "}" }
