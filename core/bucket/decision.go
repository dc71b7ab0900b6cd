package bucket

import (
	"math"
	"strconv"
	"time"
)

// Decision is the outcome of one request to a Bucket or Keyed limiter.
type Decision struct {
	// Allowed reports whether the request got its tokens.
	Allowed bool
	// Remaining is the number of tokens left after the decision.
	Remaining float64
	// RetryAfter is how long until the same request would be allowed, if
	// nothing else spends tokens meanwhile: 0 when allowed, Never when
	// waiting cannot help.
	RetryAfter time.Duration
	// Reset is how long until the bucket is full again: 0 when full, Never
	// when it never refills.
	Reset time.Duration
	// Limit is the capacity of the bucket.
	Limit float64
}

// RetryAfterSeconds returns RetryAfter in whole seconds, rounded up, as the
// Retry-After header wants it: a wait of 0.7s gives 1. An allowed decision
// gives 0. Waits longer than math.MaxInt32 seconds (Never among them)
// give math.MaxInt32.
func (d Decision) RetryAfterSeconds() int {
	if d.Allowed {
		return 0
	}
	return int(min(ceilSeconds(d.RetryAfter), math.MaxInt32))
}

// ceilSeconds rounds d up to whole seconds; negative durations give 0.
func ceilSeconds(d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	s := int64(d / time.Second)
	if d%time.Second != 0 {
		s++
	}
	return s
}

// HeaderSetter is anything that stores header fields by name, such as
// net/http.Header.
type HeaderSetter interface {
	Set(key, value string)
}

// Header field names written by Headers and SetHeaders.
const (
	HeaderRetryAfter          = "Retry-After"
	HeaderRateLimit           = "RateLimit"
	HeaderRateLimitPolicy     = "RateLimit-Policy"
	HeaderXRateLimitLimit     = "X-RateLimit-Limit"
	HeaderXRateLimitRemaining = "X-RateLimit-Remaining"
	HeaderXRateLimitReset     = "X-RateLimit-Reset"
)

// ServiceLimit returns the RateLimit field item that describes d under
// policy p: p's name (DefaultPolicyName if empty) and partition key,
// Remaining rounded down to whole tokens, and Reset in whole seconds
// rounded up. Reset is the wait when the request was refused (so it
// agrees with Retry-After) and otherwise the time until the bucket is full
// again. HasReset is false when that time never comes.
func (d Decision) ServiceLimit(p Policy) ServiceLimit {
	l := ServiceLimit{
		Name:         p.Name,
		Remaining:    clampInt(d.Remaining),
		PartitionKey: p.PartitionKey,
	}
	if l.Name == "" {
		l.Name = DefaultPolicyName
	}
	wait := d.Reset
	if !d.Allowed {
		wait = d.RetryAfter
	}
	if wait != Never {
		l.Reset, l.HasReset = min(ceilSeconds(wait), maxInteger), true
	}
	return l
}

// Headers returns the rate-limit response header fields for d under policy
// p, as name and value pairs in a fixed order:
//
//   - RateLimit-Policy: p as a Quota Policy Item, e.g. "default";q=100;w=60
//   - RateLimit: d.ServiceLimit(p), e.g. "default";r=0;t=5
//   - X-RateLimit-Limit: p.Quota
//   - X-RateLimit-Remaining: the whole tokens left
//   - X-RateLimit-Reset: seconds until the bucket is full again, rounded
//     up; left out when it never refills
//   - Retry-After: d.RetryAfterSeconds(), only when the request was refused
//     and waiting can help
//
// A request that can never succeed (RetryAfter == Never) gets no
// Retry-After: answer it with 400 or 413 rather than 429.
func (d Decision) Headers(p Policy) [][2]string {
	if p.Name == "" {
		p.Name = DefaultPolicyName
	}
	l := d.ServiceLimit(p)
	h := make([][2]string, 0, 6)
	h = append(h,
		[2]string{HeaderRateLimitPolicy, p.String()},
		[2]string{HeaderRateLimit, l.String()},
		[2]string{HeaderXRateLimitLimit, strconv.FormatInt(clampInt(float64(p.Quota)), 10)},
		[2]string{HeaderXRateLimitRemaining, strconv.FormatInt(l.Remaining, 10)},
	)
	if d.Reset != Never {
		h = append(h, [2]string{HeaderXRateLimitReset, strconv.FormatInt(ceilSeconds(d.Reset), 10)})
	}
	if !d.Allowed && d.RetryAfter != Never {
		h = append(h, [2]string{HeaderRetryAfter, strconv.Itoa(d.RetryAfterSeconds())})
	}
	return h
}

// SetHeaders sets the fields returned by Headers on h; an http.Header
// fits. It does not remove a Retry-After that h already holds.
func (d Decision) SetHeaders(h HeaderSetter, p Policy) {
	for _, f := range d.Headers(p) {
		h.Set(f[0], f[1])
	}
}
