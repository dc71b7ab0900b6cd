package middleware

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/store"
)

// RateLimitSettings configures RateLimit. Limiter is required; the zero
// value of every other field means its documented default.
type RateLimitSettings struct {
	// Limiter decides each request: store.NewMemoryLimiter for one
	// process, a redisstore.Bucket for a fleet.
	Limiter store.Limiter
	// Key returns the bucket a request spends from. Nil means
	// ClientAddress.
	Key func(*http.Request) string
	// Cost returns the tokens a request spends. Nil means 1.
	Cost func(*http.Request) float64
	// Policy names the quota policy in the RateLimit fields; "" means
	// bucket.DefaultPolicyName.
	Policy string
	// OnError, if set, is called with every error the Limiter returns
	// (the request is then answered 503).
	OnError func(*http.Request, error)
	// RetryOnError is the Retry-After sent with that 503. Zero means
	// DefaultRetryOnError.
	RetryOnError time.Duration
}

// RateLimit returns a handler that asks s.Limiter about each request
// before passing it to next. An allowed request reaches next with the
// rate-limit fields already set on the response. A refused one gets 429
// Too Many Requests with Retry-After and the same fields; one that can
// never be allowed (it costs more than a bucket holds) gets 400 Bad
// Request, and one refused by a bucket that never refills gets 429 without
// Retry-After. RateLimit fails if s.Limiter is nil.
func RateLimit(next http.Handler, s RateLimitSettings) (http.Handler, error) {
	if s.Limiter == nil {
		return nil, errors.New("middleware: RateLimitSettings.Limiter is nil")
	}
	if next == nil {
		return nil, errors.New("middleware: RateLimit needs a handler, got nil")
	}
	if s.Key == nil {
		s.Key = ClientAddress
	}
	policy := bucket.PolicyFor(s.Policy, s.Limiter.Capacity(), s.Limiter.Rate())
	if policy.Name == "" {
		policy.Name = bucket.DefaultPolicyName
	}
	return &rateLimit{next: next, s: s, policy: policy}, nil
}

type rateLimit struct {
	next   http.Handler
	s      RateLimitSettings
	policy bucket.Policy
}

func (l *rateLimit) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cost := 1.0
	if l.s.Cost != nil {
		cost = l.s.Cost(r)
	}
	d, err := l.s.Limiter.Take(r.Context(), l.s.Key(r), cost)
	if err != nil {
		if l.s.OnError != nil {
			l.s.OnError(r, err)
		}
		unavailable(w, l.s.RetryOnError, "the rate limiter")
		return
	}
	d.SetHeaders(w.Header(), l.policy)
	switch {
	case d.Allowed:
		l.next.ServeHTTP(w, r)
	case !(cost >= 0 && cost <= d.Limit):
		http.Error(w, fmt.Sprintf("this request costs %g tokens, more than the %g a bucket holds", cost, d.Limit), http.StatusBadRequest)
	case d.RetryAfter == bucket.Never:
		http.Error(w, "rate limit exhausted; this bucket does not refill", http.StatusTooManyRequests)
	default:
		http.Error(w, fmt.Sprintf("rate limit exceeded; retry after %d s", d.RetryAfterSeconds()), http.StatusTooManyRequests)
	}
}
