// Package idempotency is a server-side idempotency-key store: it remembers,
// for each key a client sends, a fingerprint of the request and the response
// the server produced, so that a retried request is answered from memory
// instead of being executed a second time.
//
// # The model
//
// A client that must not perform an operation twice (charge a card, send an
// email, place an order) creates one random key per logical operation and
// sends it with every attempt, usually in an Idempotency-Key header. The
// server calls [Store.Begin] with the key and a [Fingerprint] of the request
// before doing any work, and acts on the [Outcome]:
//
//   - [Fresh]: the key is new. Do the work, then [Store.Complete] with the
//     response; or [Store.Release] if the work never started (the request was
//     refused before execution), so that a retry can run it.
//   - [Replay]: the same request completed earlier. Send the stored response
//     again without redoing the work. Stored failures (a 500) replay too.
//   - [Mismatch]: the key was used for a different request: a client bug.
//     Answer 422 and do nothing.
//   - [InFlight]: the first request with this key is still running. Answer
//     409 (the client retries later), or wait with [Store.BeginWait].
//   - [Invalid]: the key is empty, too long or not printable ASCII. Answer 400.
//   - [Full]: the store is at its MaxEntries bound and every entry is in
//     flight. Answer 503.
//
// [Store.Do] and [Store.DoWait] wrap that sequence around a work function.
// [ParseKey] reads the header value, bare or as a structured-field string.
//
// # Expiry and memory
//
// A key lives for TTL (24 hours unless configured) from the moment Begin
// first accepted it, measured on the injected clock. An expired key is
// treated as never seen: the next request with it runs the work again. An
// entry still in flight when its TTL ends is treated as abandoned (its worker
// is assumed to have crashed) and removed, so a crash cannot pin a key
// forever; work that legitimately runs longer than TTL therefore loses its
// protection, so choose a TTL far longer than any request.
//
// Entries are kept in the order they were created, which with a fixed TTL
// is also the order in which they expire. Every write removes the expired
// entries at the front of that order, so the cost of expiry is amortized
// O(1) per write and the store never holds more than the keys begun within
// the last TTL. [Store.Sweep] and [Store.SweepAt] do the same on demand.
// MaxEntries optionally bounds the store further: when it is reached, Begin
// evicts the oldest completed entry (shortening that key's replay window)
// and never an in-flight one.
//
// # Zero values and concurrency
//
// The zero [Store] is ready to use with the default settings (24-hour TTL,
// wall clock, no bound). A Store is safe for concurrent use; all methods
// serialize on one mutex and none of them runs caller code while holding it.
// The store copies every [Response] it is given and every Response it hands
// out, so callers never share memory with it.
package idempotency
