package provider

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/flakylab/flakylab/core/idempotency"
)

// Step is what happens on one call. The zero Step answers 200 at once.
type Step struct {
	// Status is the status the server answers; 0 means 200.
	Status int
	// Header holds the response header fields, e.g. {"Retry-After": "2"}.
	Header map[string]string
	// Body is the response body.
	Body []byte
	// Latency is how long the call takes, waited through Settings.Sleep.
	Latency time.Duration
	// Err, when set, is a transport error the caller gets after Latency
	// instead of a response (ErrTimeout, ErrConnectionReset or any error):
	// the request never reached the server, so nothing is done. With
	// DropResponse set, Err is instead the error the caller sees for the
	// lost response.
	Err error
	// DropResponse loses the response after the server handled the
	// request: the work is done (and the response stored under its key)
	// but the caller gets Err, or ErrResponseLost if Err is nil.
	DropResponse bool
	// StopOnCancel makes the server abandon the work if the caller's ctx
	// ends during Latency. By default the server finishes it regardless.
	StopOnCancel bool
}

func (st Step) status() int {
	if st.Status == 0 {
		return 200
	}
	return st.Status
}

// Settings configures a Provider. The zero value of each field means its
// documented default.
type Settings struct {
	// Sleep waits out each step's Latency, returning early with an error
	// when ctx ends. Nil means a real, context-aware sleep;
	// (*clock.Virtual).Sleep fits.
	Sleep func(ctx context.Context, d time.Duration) error
	// RepeatLast makes calls past the end of the script replay the last
	// step. By default they get the zero Step: 200 at once.
	RepeatLast bool
	// Idempotency, when set, is the store through which the server
	// handles requests that carry an IdempotencyKey. Nil means the server
	// ignores keys.
	Idempotency *idempotency.Store
}

// Provider is a scripted fake remote service. Build one with New; the zero
// Provider is not usable. It is safe for concurrent use.
type Provider struct {
	script []Step
	s      Settings

	mu          sync.Mutex
	calls       int
	sideEffects int
	log         []Entry
}

// New returns a Provider that plays script (copied, so later changes to it
// have no effect). It fails if a step's Status is neither 0 nor in
// 200..599, or its Latency is negative.
func New(script []Step, s Settings) (*Provider, error) {
	own := make([]Step, len(script))
	for i, st := range script {
		if st.Status != 0 && (st.Status < 200 || st.Status > 599) {
			return nil, fmt.Errorf("provider: script[%d].Status must be 0 or in 200..599, got %d", i, st.Status)
		}
		if st.Latency < 0 {
			return nil, fmt.Errorf("provider: script[%d].Latency must be >= 0, got %v", i, st.Latency)
		}
		st.Header = maps.Clone(st.Header)
		st.Body = bytes.Clone(st.Body)
		own[i] = st
	}
	return &Provider{script: own, s: s}, nil
}

// Call sends req and returns the scripted answer. A call whose ctx has
// already ended returns ctx.Err() without reaching the provider (it is not
// counted). Otherwise the call plays the next step: see the package
// documentation for the timeline. The error is the step's transport error,
// ErrResponseLost, or ctx.Err() if ctx ended during the latency; the
// Response is then the zero Response. Non-2xx statuses are responses, not
// errors.
func (p *Provider) Call(ctx context.Context, req Request) (Response, error) {
	if err := ctx.Err(); err != nil {
		return Response{}, err
	}
	p.mu.Lock()
	p.calls++
	e := Entry{Attempt: p.calls, Method: req.Method, Path: req.Path, Key: req.IdempotencyKey}
	st := p.stepLocked(p.calls - 1)
	p.mu.Unlock()

	if st.Err != nil && !st.DropResponse {
		e.Err = st.Err
		if err := p.sleep(ctx, st.Latency); err != nil {
			e.Err = err
		}
		return p.end(e, Response{})
	}

	// The request has reached the server.
	outcome, key, stored := idempotency.Fresh, "", Response{}
	if p.s.Idempotency != nil && req.IdempotencyKey != "" {
		outcome = idempotency.Invalid
		if k, err := idempotency.ParseKey(req.IdempotencyKey); err == nil {
			key = k
			res, _ := p.s.Idempotency.Begin(k, idempotency.Fingerprint(req.Method, req.Path, req.Body))
			outcome, stored = res.Outcome, fromStore(res.Response)
		}
	}
	cancelled := p.sleep(ctx, st.Latency)

	var resp Response
	switch outcome {
	case idempotency.Fresh:
		if cancelled != nil && st.StopOnCancel {
			if key != "" {
				_ = p.s.Idempotency.Release(key)
			}
			e.Err = cancelled
			return p.end(e, Response{})
		}
		resp = Response{Status: st.status(), Header: maps.Clone(st.Header), Body: bytes.Clone(st.Body)}
		e.SideEffect = resp.Status >= 200 && resp.Status < 300
		if key != "" {
			if turnedAway(resp.Status) {
				_ = p.s.Idempotency.Release(key)
			} else {
				_ = p.s.Idempotency.Complete(key, toStore(resp))
			}
		}
	case idempotency.Replay:
		resp, e.Replayed = stored, true
	default:
		resp = Response{Status: outcome.HTTPStatus()}
	}
	e.Status = resp.Status
	switch {
	case cancelled != nil:
		e.Err = cancelled
	case st.DropResponse:
		e.Err = st.Err
		if e.Err == nil {
			e.Err = ErrResponseLost
		}
	}
	return p.end(e, resp)
}

// turnedAway reports statuses with which a server refuses a request before
// executing it (too slow to arrive, rate limited, overloaded), so there is
// no result to store under its key.
func turnedAway(status int) bool {
	switch status {
	case 408, 429, 503, 529:
		return true
	}
	return false
}

// stepLocked returns the step for the call at index i.
func (p *Provider) stepLocked(i int) Step {
	switch {
	case i < len(p.script):
		return p.script[i]
	case p.s.RepeatLast && len(p.script) > 0:
		return p.script[len(p.script)-1]
	}
	return Step{}
}

func (p *Provider) sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	if p.s.Sleep != nil {
		return p.s.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// end records e and returns what the caller gets: resp, or the zero
// Response and e.Err.
func (p *Provider) end(e Entry, resp Response) (Response, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if e.SideEffect {
		p.sideEffects++
	}
	p.log = append(p.log, e)
	if e.Err != nil {
		return Response{}, e.Err
	}
	return resp, nil
}

// Calls returns how many calls reached the provider (calls whose ctx had
// ended before they started are not counted).
func (p *Provider) Calls() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.calls
}

// SideEffects returns how many times the server did the work: the number
// of charges made, emails sent or orders placed. It is the count that
// idempotency keys keep from exceeding the number of logical operations.
func (p *Provider) SideEffects() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sideEffects
}

// Log returns a copy of the record of finished calls, in the order they
// finished (Entry.Attempt gives the order they arrived).
func (p *Provider) Log() []Entry {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Entry(nil), p.log...)
}
