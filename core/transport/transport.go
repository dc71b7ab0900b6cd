// Package transport is an http.RoundTripper that retries what is worth
// retrying, the way the rest of core says to: the classifier decides
// (core/classify), the server's Retry-After or retry-after-ms comes first
// and is capped, full-jitter exponential backoff otherwise
// (core/backoff), a retry budget caps how many retries all requests add
// (retry.Budget), and a circuit breaker per host fails fast while a host
// is down (core/breaker). It is core/retry's Policy applied to HTTP.
//
// # What it retries
//
// A request is retried only if repeating it is safe: its method is
// idempotent (GET, HEAD, OPTIONS, TRACE, PUT, DELETE) or it carries an
// Idempotency-Key. With Settings.AddIdempotencyKey, a POST or PATCH
// without a key gets a random one, the same on every attempt, so that a
// server that honours keys applies it once. A request whose body cannot be
// rewound (a Body without GetBody) is sent once; http.NewRequest sets
// GetBody for the usual in-memory bodies.
//
// Errors that no retry can fix stop at the first attempt, whatever the
// method: a certificate the client rejects (unknown authority, expired,
// issued for another host), a malformed URL or one with no host, an
// address that cannot be dialled, a scheme the base transport does not
// speak, and a method or header field net/http refuses to send. The error
// is returned as the base transport gave it (errors.As finds, say, the
// x509.UnknownAuthorityError); the breaker counts it as an answer, not an
// outage.
//
// Every response is returned as the server sent it once retrying stops: a
// 503 after the last attempt is a response, not an error. RoundTrip
// returns an error only when there is no response to return: the last
// attempt failed in transport, the breaker refused the first attempt, or
// the context ended. Responses that are retried are drained and closed.
//
// A Transport is safe for concurrent use.
package transport

import (
	"context"
	crand "crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"

	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/classify"
	"github.com/flakylab/flakylab/core/retry"
)

// HeaderIdempotencyKey is the request field that makes a non-idempotent
// request safe to retry.
const HeaderIdempotencyKey = "Idempotency-Key"

// Settings configures a Transport. The zero value of every field means its
// documented default.
type Settings struct {
	// Base sends each attempt. Nil means http.DefaultTransport.
	Base http.RoundTripper
	// Policy says how to retry: attempts (3 by default), backoff (500 ms
	// to 8 s, full jitter), the cap on Retry-After (60 s), StopOnCaution,
	// Budget, Sleep, Now and OnRetry, as retry.Policy documents them.
	// Idempotent and IdempotencyKey are decided per request and must be
	// left zero; Breaker is per host (see Breaker below); Rand must be nil
	// because a Transport serves many goroutines at once; and
	// PerAttemptTimeout must be zero, because an attempt's context would
	// end before the caller reads the body: bound attempts with the base
	// transport's timeouts (http.Transport.ResponseHeaderTimeout) instead.
	Policy retry.Policy
	// Breaker, if set, is the template of one circuit breaker per host
	// (its Name becomes the host). Nil means no breakers.
	Breaker *breaker.Settings
	// AddIdempotencyKey gives a POST or PATCH that has no Idempotency-Key a
	// new random one, kept across its attempts, so that it can be retried.
	AddIdempotencyKey bool
	// NewKey makes the keys AddIdempotencyKey adds. Nil means a random
	// UUID (version 4).
	NewKey func() string
}

// Transport is a retrying http.RoundTripper. Create one with New.
type Transport struct {
	base   http.RoundTripper
	policy retry.Policy
	tmpl   *breaker.Settings
	addKey bool
	newKey func() string

	mu       sync.Mutex
	breakers map[string]*breaker.Breaker
}

// New validates s and returns a Transport.
func New(s Settings) (*Transport, error) {
	p := s.Policy
	switch {
	case p.Idempotent || p.IdempotencyKey != "":
		return nil, errors.New("transport: Policy.Idempotent and Policy.IdempotencyKey are decided per request; leave them zero")
	case p.Breaker != nil:
		return nil, errors.New("transport: Policy.Breaker must be nil; set Settings.Breaker for one breaker per host")
	case p.Rand != nil:
		return nil, errors.New("transport: Policy.Rand must be nil: a *rand.Rand is not safe for the concurrent requests a Transport serves")
	case p.PerAttemptTimeout != 0:
		return nil, errors.New("transport: Policy.PerAttemptTimeout must be zero: use the base transport's timeouts")
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("transport: %w", err)
	}
	t := &Transport{base: s.Base, policy: p, addKey: s.AddIdempotencyKey, newKey: s.NewKey, breakers: map[string]*breaker.Breaker{}}
	if s.Breaker != nil {
		tmpl := *s.Breaker
		tmpl.Name = "check"
		if _, err := breaker.New(tmpl); err != nil {
			return nil, fmt.Errorf("transport: %w", err)
		}
		t.tmpl = &tmpl
	}
	if t.base == nil {
		t.base = http.DefaultTransport
	}
	if t.newKey == nil {
		t.newKey = NewKey
	}
	return t, nil
}

// Breaker returns the breaker of host (as in URL.Host), or nil if the
// Transport has no breakers or has not sent a request to host yet.
func (t *Transport) Breaker(host string) *breaker.Breaker {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.breakers[host]
}

func (t *Transport) breakerFor(u *url.URL) *breaker.Breaker {
	if t.tmpl == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	b, ok := t.breakers[u.Host]
	if !ok {
		s := *t.tmpl
		s.Name = u.Host
		b, _ = breaker.New(s) // validated in New
		t.breakers[u.Host] = b
	}
	return b
}

// idempotentMethod reports whether RFC 9110 defines m as idempotent.
func idempotentMethod(m string) bool {
	switch m {
	case "", http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}

// RoundTrip sends req, retrying as the package documentation describes.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	p := t.policy
	p.Idempotent = idempotentMethod(req.Method)
	p.IdempotencyKey = req.Header.Get(HeaderIdempotencyKey)
	if !p.Idempotent && p.IdempotencyKey == "" && t.addKey {
		p.IdempotencyKey = t.newKey()
		req = req.Clone(req.Context()) // a RoundTripper must not change the caller's request
		req.Header.Set(HeaderIdempotencyKey, p.IdempotencyKey)
	}
	rewindable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
	if !rewindable {
		p.MaxAttempts = 1
	}
	p.Breaker = t.breakerFor(req.URL)
	userOnRetry := p.OnRetry
	var discarded *http.Response
	p.OnRetry = func(a retry.Attempt) {
		// The attempt is retried: nobody will read its response.
		discarded, _ = a.Response.Value.(*http.Response)
		discard(discarded)
		if userOnRetry != nil {
			userOnRetry(a)
		}
	}
	resp, err := p.Do(req.Context(), func(ctx context.Context, attempt int) (retry.Response, error) {
		r := req
		if attempt > 1 && req.GetBody != nil && req.Body != nil && req.Body != http.NoBody {
			body, err := req.GetBody()
			if err != nil {
				return retry.Response{}, fmt.Errorf("transport: rewinding the body: %w", err)
			}
			r = req.Clone(ctx)
			r.Body = body
		}
		got, err := t.base.RoundTrip(r)
		if err != nil {
			if why := permanentReason(err); why != "" {
				err = &classify.PermanentError{Reason: why, Err: err}
			}
			return retry.Response{}, err
		}
		return retry.Response{Status: got.StatusCode, Header: got.Header, Value: got}, nil
	})
	// Do returns the last response it saw; if retrying stopped during the
	// wait that followed it (the context ended, the breaker opened), that
	// response is closed already and the error is the answer.
	if got, ok := resp.Value.(*http.Response); ok && got != discarded {
		return got, nil
	}
	return nil, err
}

// discard drains a little of a response that will not be read, so that
// its connection can be reused, and closes it.
func discard(got *http.Response) {
	if got != nil && got.Body != nil {
		_, _ = io.CopyN(io.Discard, got.Body, 4<<10)
		_ = got.Body.Close()
	}
}

// NewKey returns a random UUID (version 4), a good idempotency key.
func NewKey() string {
	var b [16]byte
	_, _ = crand.Read(b[:]) // never fails on supported platforms
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
