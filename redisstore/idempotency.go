package redisstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/store"
)

// DefaultLease is how long a claim holds a key in flight when
// IdempotencySettings.Lease is zero.
const DefaultLease = time.Minute

// A key is one hash: fp (fingerprint), state ("flight" or "done"), token,
// lease (ms on the server's clock, while in flight), and once done status,
// header (JSON) and body. It expires TTL after its first claim.

// beginScript: KEYS[1] the key; ARGV fingerprint, TTL ms, lease ms.
// Reply: {"fresh", token} | {"replay", status, header, body} |
// {"inflight"} | {"mismatch"}.
var beginScript = redis.NewScript(`
local clock = redis.call('TIME')
local now_us = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local now_ms = math.floor(now_us / 1000)
local lease = tonumber(ARGV[3])
local h = redis.call('HMGET', KEYS[1], 'fp', 'state', 'token', 'lease', 'status', 'header', 'body')
local token = now_us
if h[1] then
  if h[1] ~= ARGV[1] then return {'mismatch'} end
  if h[2] == 'done' then return {'replay', h[5], h[6], h[7]} end
  if now_ms < tonumber(h[4]) then return {'inflight'} end
  -- The lease ran out: the claimant is presumed dead. Take over with a
  -- larger token, so that its late completion is refused.
  token = math.max(tonumber(h[3]) + 1, now_us)
  redis.call('HSET', KEYS[1], 'state', 'flight', 'token', string.format('%.0f', token), 'lease', string.format('%.0f', now_ms + lease))
  if redis.call('PTTL', KEYS[1]) < lease then redis.call('PEXPIRE', KEYS[1], lease) end
  return {'fresh', string.format('%.0f', token)}
end
redis.call('HSET', KEYS[1], 'fp', ARGV[1], 'state', 'flight', 'token', string.format('%.0f', token), 'lease', string.format('%.0f', now_ms + lease))
redis.call('PEXPIRE', KEYS[1], math.max(tonumber(ARGV[2]), lease))
return {'fresh', string.format('%.0f', token)}
`)

// completeScript: KEYS[1]; ARGV token, status, header, body. Reply 1 if
// stored, 0 if the token is not the key's current claim.
var completeScript = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'state', 'token')
if h[1] ~= 'flight' or h[2] ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'state', 'done', 'status', ARGV[2], 'header', ARGV[3], 'body', ARGV[4])
redis.call('HDEL', KEYS[1], 'lease')
return 1
`)

// releaseScript: KEYS[1]; ARGV token. Reply 1 if released, 0 otherwise.
var releaseScript = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'state', 'token')
if h[1] ~= 'flight' or h[2] ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
`)

// IdempotencySettings configure an Idempotency store. The zero value of
// each field means its documented default.
type IdempotencySettings struct {
	Settings
	// TTL is how long a key is remembered after its first claim. Zero
	// means idempotency.DefaultTTL (24 hours); negative is an error.
	TTL time.Duration
	// Lease is how long a claim holds a key in flight before another
	// request may claim it. Zero means DefaultLease; it must be at least a
	// millisecond otherwise.
	Lease time.Duration
}

// Idempotency is an idempotency-key store in Redis with the outcomes of
// core/idempotency, shared by every replica that uses the same Redis. It
// satisfies store.Idempotency. It is safe for concurrent use.
type Idempotency struct {
	c     redis.Scripter
	s     Settings
	ttl   time.Duration
	lease time.Duration
}

// NewIdempotency returns a store that keeps its keys in Redis through c,
// whose options must set ContextTimeoutEnabled, as for NewBucket.
func NewIdempotency(c redis.Scripter, s IdempotencySettings) (*Idempotency, error) {
	if err := checkClient(c, "NewIdempotency"); err != nil {
		return nil, err
	}
	base, err := s.Settings.resolve()
	if err != nil {
		return nil, err
	}
	switch {
	case s.TTL < 0:
		return nil, fmt.Errorf("redisstore: TTL must be >= 0, got %v", s.TTL)
	case s.Lease < 0 || (s.Lease > 0 && s.Lease < time.Millisecond):
		return nil, fmt.Errorf("redisstore: Lease must be 0 or at least 1ms, got %v", s.Lease)
	}
	st := &Idempotency{c: c, s: base, ttl: s.TTL, lease: s.Lease}
	if st.ttl == 0 {
		st.ttl = idempotency.DefaultTTL
	}
	if st.lease == 0 {
		st.lease = DefaultLease
	}
	return st, nil
}

// Key returns the Redis key that holds an idempotency key's record.
func (st *Idempotency) Key(key string) string { return st.s.Prefix + "idem:" + hashTag(key) }

// Begin reports what to do with a request carrying key and fingerprint,
// with the outcomes of idempotency.Store.Begin. A Fresh claim holds the
// key for the lease and carries its fencing token.
func (st *Idempotency) Begin(ctx context.Context, key, fingerprint string) (store.Claim, error) {
	c := store.Claim{Key: key}
	if err := checkKey(key); err != nil {
		return c, err
	}
	v, err := st.s.run(ctx, "begin", st.c, beginScript, []string{st.Key(key)},
		fingerprint, st.ttl.Milliseconds(), st.lease.Milliseconds())
	if err != nil {
		if st.s.FailOpen {
			c.Outcome = idempotency.Fresh // token 0: not recorded
			return c, nil
		}
		return c, err
	}
	reply, _ := v.([]any)
	kind := ""
	if len(reply) > 0 {
		kind, _ = reply[0].(string)
	}
	switch {
	case kind == "fresh" && len(reply) == 2:
		s, _ := reply[1].(string)
		if c.Token, err = strconv.ParseInt(s, 10, 64); err == nil && c.Token > 0 {
			c.Outcome = idempotency.Fresh
			return c, nil
		}
	case kind == "replay" && len(reply) == 4:
		if c.Response, err = decodeResponse(reply[1:]); err == nil {
			c.Outcome = idempotency.Replay
			return c, nil
		}
	case kind == "inflight":
		c.Outcome = idempotency.InFlight
		return c, nil
	case kind == "mismatch":
		c.Outcome = idempotency.Mismatch
		return c, nil
	}
	return store.Claim{Key: key}, fmt.Errorf("%w: begin answered %v", errReply, v)
}

// Complete stores resp for c's key if c is still its current claim.
func (st *Idempotency) Complete(ctx context.Context, c store.Claim, resp idempotency.Response) error {
	if c.Token == 0 {
		return nil // a claim made while failing open: nothing recorded
	}
	header, err := json.Marshal(resp.Header)
	if err != nil {
		return fmt.Errorf("redisstore: encoding the header: %w", err)
	}
	return st.finish(ctx, "complete", completeScript, c, strconv.Itoa(resp.Status), header, resp.Body)
}

// Release forgets c's key if c is still its current claim.
func (st *Idempotency) Release(ctx context.Context, c store.Claim) error {
	if c.Token == 0 {
		return nil
	}
	return st.finish(ctx, "release", releaseScript, c)
}

func (st *Idempotency) finish(ctx context.Context, op string, script *redis.Script, c store.Claim, args ...any) error {
	v, err := st.s.run(ctx, op, st.c, script, []string{st.Key(c.Key)}, append([]any{strconv.FormatInt(c.Token, 10)}, args...)...)
	if err != nil {
		return err
	}
	if n, _ := v.(int64); n != 1 {
		return fmt.Errorf("%w: %s %q with token %d", store.ErrSuperseded, op, c.Key, c.Token)
	}
	return nil
}

func decodeResponse(parts []any) (idempotency.Response, error) {
	var r idempotency.Response
	status, _ := parts[0].(string)
	header, _ := parts[1].(string)
	body, _ := parts[2].(string)
	var err error
	if r.Status, err = strconv.Atoi(status); err != nil {
		return r, err
	}
	if err = json.Unmarshal([]byte(header), &r.Header); err != nil {
		return r, err
	}
	r.Body = []byte(body)
	return r, nil
}

// checkKey applies core/idempotency's rule for keys (1 to 255 printable
// ASCII characters) by handing the key to ParseKey in its quoted form.
func checkKey(key string) error {
	quoted := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(key) + `"`
	if _, err := idempotency.ParseKey(quoted); err != nil {
		return err
	}
	return nil
}
