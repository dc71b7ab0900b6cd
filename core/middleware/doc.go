// Package middleware puts the core's rate limiter and idempotency store in
// front of a net/http handler.
//
// RateLimit answers a request that its client's bucket refuses with 429
// Too Many Requests and Retry-After, and writes the rate-limit fields on
// every answer: RateLimit and RateLimit-Policy as
// draft-ietf-httpapi-ratelimit-headers-10 defines them, and the older
// X-RateLimit-* trio, exactly as bucket.Decision.SetHeaders writes them.
// Which bucket a request spends from is a function of the request (the
// client's address unless told otherwise).
//
// Idempotency reads the Idempotency-Key header of unsafe requests (POST
// and PATCH unless told otherwise) and runs the handler at most once per
// key: a retry of a completed request gets the stored status, header
// fields and body again, a retry while the first is still running gets 409
// Conflict, the same key with a different request 422 Unprocessable
// Content, and a malformed key 400 Bad Request.
//
// Both take their state through the small interfaces of core/store, so
// the same middleware runs with the in-memory stores in one process and
// with the Redis stores (package redisstore) across a fleet of replicas.
// When a store fails closed, the middleware answers 503 Service
// Unavailable with a Retry-After and reports the error to OnError.
//
// Put the rate limiter outside the idempotency handler, as in
// RateLimit(Idempotency(h)): a refused request then never claims its key,
// and a stored answer is never a 429.
package middleware

import (
	"net"
	"net/http"
	"strconv"
	"time"
)

// DefaultRetryOnError is the Retry-After sent with a 503 when a store is
// unavailable and the settings leave RetryOnError zero.
const DefaultRetryOnError = time.Second

// ClientAddress returns the host part of r.RemoteAddr, the address of the
// peer that sent the request (or RemoteAddr whole if it has no port). It
// is the default rate-limit key. Behind a proxy every request comes from
// the proxy: key on what the proxy forwards, or on the API key, instead.
func ClientAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// unavailable answers a request that a failing store could not decide.
func unavailable(w http.ResponseWriter, retry time.Duration, what string) {
	if retry <= 0 {
		retry = DefaultRetryOnError
	}
	secs := int64((retry + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
	http.Error(w, what+" is unavailable; retry later", http.StatusServiceUnavailable)
}
