// Package redisstore keeps the core's token buckets and idempotency keys
// in Redis, so that every replica of a service shares one allowance per
// client and one record per idempotency key. Bucket satisfies
// store.Limiter and Idempotency satisfies store.Idempotency, so the HTTP
// middleware of core/middleware runs on them unchanged.
//
// # Atomic, on the server's clock
//
// Every decision is one Lua script run on the Redis server (EVALSHA, and
// EVAL when the server answers NOSCRIPT, as after a restart): it reads the
// state, decides and writes back with no other command in between, so
// concurrent replicas never both spend the last token or both claim a
// key. The scripts read the time with Redis's TIME command, never the
// replica's clock, so replicas whose clocks disagree by seconds still
// share exactly one allowance.
//
// All the keys of one bucket or one idempotency key carry the same hash
// tag (the caller's key in braces), so they live in one hash slot and the
// stores work on Redis Cluster and Valkey as they do on a single server.
//
// # When Redis fails
//
// Every call has a timeout (Settings.Timeout). When Redis cannot be
// reached in time, the error, wrapping store.ErrUnavailable, goes to
// Settings.OnError, and the store does what Settings.FailOpen says:
//
//   - fail closed (the default): Bucket.Take and Idempotency.Begin return
//     the error, and the middleware answers 503 with a Retry-After. Nothing
//     runs unchecked, and nothing runs at all.
//   - fail open: Bucket.Take allows the request, and Idempotency.Begin
//     answers Fresh with token 0, a claim that is not recorded (completing
//     it stores nothing). The service stays up, but without a limit and
//     without protection against running a retried request twice.
//
// Complete and Release always return their errors (there is nothing to
// fail open to); the middleware reports them to its OnError hook and
// still sends the response. The stores retry nothing in the background
// and start no goroutine: they work again as soon as the client reaches
// Redis again. (After many failed dials go-redis waits for one of its own
// background redials, about a second apart, before dialing again.)
//
// The timeout needs the client's cooperation: go-redis lets a context's
// deadline interrupt a call only when the client's options set
// ContextTimeoutEnabled, so NewBucket and NewIdempotency refuse a
// *redis.Client, *redis.ClusterClient or *redis.Ring without it.
//
// # What a Redis restart means
//
// With persistence off (no RDB snapshot or AOF), a restart loses
// everything the stores held:
//
//   - every bucket starts full again, so each client may burst once more;
//   - keys in flight are forgotten: a retry of such a request runs the
//     work again, and the first request's completion is refused
//     (store.ErrSuperseded), so its response is sent but not stored;
//   - stored responses are lost: a retry after the restart runs the work
//     again instead of replaying.
//
// With AOF (appendfsync everysec) at most the last second is lost. Keep
// the idempotency keys on a server whose maxmemory-policy is noeviction
// (or volatile-ttl with room to spare): an evicted key is a forgotten key.
//
// # Leases and fencing
//
// A key in flight is held by a lease (IdempotencySettings.Lease). If the
// replica that claimed it dies, the key can be claimed again once the
// lease has run out. Every claim carries a fencing token that only grows
// (the server's time in microseconds, or one more than the previous
// token); Complete and Release succeed only with the key's current token,
// so the dead replica's late completion is refused and cannot overwrite
// the response of the request that replaced it. Choose a lease longer than
// the slowest request: a request still running when its lease ends can be
// run a second time by a retry.
package redisstore
