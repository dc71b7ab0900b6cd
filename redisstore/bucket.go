package redisstore

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/flakylab/flakylab/core/bucket"
)

// takeScript is core/bucket's model run inside Redis. A bucket is one
// string key, "tokens at": the tokens it held at instant at (microseconds
// on the server's clock). A refused request writes nothing, as in core. A
// bucket's key expires when the bucket would be full again, since a full
// bucket and a missing one are the same; a bucket that never refills
// keeps its key. One GET and one SET (with PX) per allowed request keeps
// the script as short as Redis allows; the script defines no function and
// formats one string per call, since Redis runs it for every decision.
//
// KEYS[1] the bucket; ARGV capacity, rate (tokens per second), n.
// Reply: {allowed 0|1, remaining tokens (followed by a space and the
// instant when allowed: the state it stored), retry-after µs (-1 never),
// reset µs (-1 never)}.
var takeScript = redis.NewScript(`
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local n = tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = clock[1] * 1000000 + clock[2]
local tokens, last = capacity, now
local state = redis.call('GET', KEYS[1])
if state then
  local sp = string.find(state, ' ', 1, true)
  if sp then
    tokens = tonumber(string.sub(state, 1, sp - 1)) or capacity
    last = tonumber(string.sub(state, sp + 1)) or now
  end
end
if now > last then
  if tokens < capacity then
    tokens = tokens + (now - last) * rate / 1e6
    if tokens > capacity then tokens = capacity end
  end
  last = now
end
local allowed = n <= tokens
if allowed then tokens = tokens - n end
-- full: µs until the bucket holds capacity again, -1 never.
local full = 0
if tokens < capacity then
  full = -1
  if rate > 0 then
    full = math.ceil((capacity - tokens) * 1e6 / rate)
    if full > 9e15 then full = -1 end
  end
end
if allowed then
  state = string.format('%.17g %.0f', tokens, last)
  if full > 0 then
    redis.call('SET', KEYS[1], state, 'PX', math.ceil(full / 1000))
  elseif full == 0 then
    redis.call('DEL', KEYS[1])
  else
    redis.call('SET', KEYS[1], state)
  end
  return {1, state, 0, full}
end
local retry = -1
if n <= capacity and rate > 0 then
  retry = math.ceil((n - tokens) * 1e6 / rate)
  if retry > 9e15 then retry = -1 end
end
return {0, string.format('%.17g', tokens), retry, full}
`)

// Bucket is a keyed token-bucket limiter whose buckets live in Redis, all
// of one capacity and rate: the model of core/bucket, decided atomically
// on the Redis server. It satisfies store.Limiter. A Bucket is safe for
// concurrent use; share one per process, or create one per replica: they
// share their buckets through Redis.
type Bucket struct {
	c        redis.Scripter
	s        Settings
	capacity float64
	rate     float64
	one      []any  // the script's arguments for a request of one token
	prefix   string // every key's start: Prefix, "bucket:" and the hash tag's brace
}

// NewBucket returns a limiter whose buckets, kept in Redis through c (a
// *redis.Client, *redis.ClusterClient or any redis.UniversalClient, whose
// options must set ContextTimeoutEnabled so that Settings.Timeout works), hold
// up to capacity tokens and gain rate tokens per second. Capacity must be
// finite and >= 0, rate >= 0 (math.Inf(1) allows everything without asking
// Redis), as for bucket.New.
func NewBucket(c redis.Scripter, capacity, rate float64, s Settings) (*Bucket, error) {
	if err := checkClient(c, "NewBucket"); err != nil {
		return nil, err
	}
	if _, err := bucket.New(capacity, rate); err != nil {
		return nil, fmt.Errorf("redisstore: %w", err)
	}
	s, err := s.resolve()
	if err != nil {
		return nil, err
	}
	return &Bucket{c: c, s: s, capacity: capacity, rate: rate, prefix: s.Prefix + "bucket:{", one: []any{
		strconv.FormatFloat(capacity, 'g', -1, 64), strconv.FormatFloat(rate, 'g', -1, 64), "1",
	}}, nil
}

// Capacity returns the most tokens each bucket holds.
func (b *Bucket) Capacity() float64 { return b.capacity }

// Rate returns each bucket's refill rate in tokens per second.
func (b *Bucket) Rate() float64 { return b.rate }

// Key returns the Redis key that holds key's bucket.
func (b *Bucket) Key(key string) string { return b.prefix + key + "}" } // the hash tag is the caller's key

// Take asks key's bucket for n tokens and spends them if they are there.
// The Decision means what bucket.Keyed.TakeAt's means, measured on the
// Redis server's clock to the microsecond. When Redis fails, see the
// package documentation: failing open allows the request (Remaining is
// then capacity - n, what a bucket that Redis forgot would hold).
func (b *Bucket) Take(ctx context.Context, key string, n float64) (bucket.Decision, error) {
	d := bucket.Decision{Limit: b.capacity}
	switch {
	case !(n >= 0): // negative or NaN: never allowed, Redis need not know
		d.RetryAfter, d.Reset = bucket.Never, bucket.Never
		return d, nil
	case math.IsInf(b.rate, 1):
		d.Allowed, d.Remaining = true, b.capacity
		return d, nil
	}
	args := b.one // built once: go-redis copies the arguments, never changes them
	if n != 1 {
		args = []any{b.one[0], b.one[1], strconv.FormatFloat(n, 'g', -1, 64)}
	}
	v, err := b.s.run(ctx, "take", b.c, takeScript, []string{b.Key(key)}, args...)
	if err != nil {
		if b.s.FailOpen {
			d.Allowed, d.Remaining = true, max(b.capacity-n, 0)
			return d, nil
		}
		return bucket.Decision{}, err
	}
	reply, ok := v.([]any)
	if !ok || len(reply) != 4 {
		return bucket.Decision{}, fmt.Errorf("%w: take answered %v", errReply, v)
	}
	allowed, _ := reply[0].(int64)
	remaining, _ := reply[1].(string)
	retry, _ := reply[2].(int64)
	reset, _ := reply[3].(int64)
	d.Allowed = allowed == 1
	if sp := strings.IndexByte(remaining, ' '); sp >= 0 {
		remaining = remaining[:sp] // the state an allowed request stored: "tokens at"
	}
	d.Remaining, err = strconv.ParseFloat(remaining, 64)
	if err != nil {
		return bucket.Decision{}, fmt.Errorf("%w: take answered remaining %q", errReply, remaining)
	}
	d.RetryAfter, d.Reset = micros(retry), micros(reset)
	return d, nil
}

// micros turns a script's µs (-1 for never) into a Duration.
func micros(us int64) time.Duration {
	if us < 0 {
		return bucket.Never
	}
	return time.Duration(us) * time.Microsecond
}
