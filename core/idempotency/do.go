package idempotency

import "context"

// Do runs work at most once per key and fingerprint while the key lives,
// and returns its response with the Outcome Fresh. A later call with the
// same key and fingerprint returns a copy of that response with Replay,
// without running work. Any other outcome returns a Response whose Status
// is the outcome's HTTPStatus (422 Mismatch, 409 InFlight, 400 Invalid,
// 503 Full) and no body, so a server can send it as it is.
//
// If work panics, the key is released (a retry runs the work) and the panic
// continues. If work outlives the TTL, the entry has been abandoned: the
// response is returned to this caller but not stored.
func (s *Store) Do(key, fingerprint string, work func() Response) (Response, Outcome) {
	if err := checkKey(key); err != nil {
		return Response{Status: Invalid.HTTPStatus()}, Invalid
	}
	now := s.clock()
	s.mu.Lock()
	res, e, _ := s.beginLocked(now, key, fingerprint)
	s.mu.Unlock()
	return s.finish(res, e, work)
}

// finish runs work for a Fresh result and stores its response in e, or
// turns any other result into Do's return values.
func (s *Store) finish(res Result, e *entry, work func() Response) (Response, Outcome) {
	switch res.Outcome {
	case Fresh:
	case Replay:
		return res.Response, Replay
	default:
		return Response{Status: res.Outcome.HTTPStatus()}, res.Outcome
	}
	completed := false
	defer func() {
		if completed {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.ownsLocked(e) {
			s.removeLocked(e)
		}
	}()
	resp := work()
	completed = true
	now := s.clock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ownsLocked(e) && now.Before(e.expires) {
		s.completeLocked(e, resp)
	}
	return resp, Fresh
}

// BeginWait is Begin for a server that would rather wait than answer 409:
// while the key is in flight it blocks until that request completes (then
// it returns Replay, or Mismatch if the fingerprints differ) or is released
// or abandoned (then the caller gets Fresh and runs the work itself). If ctx
// ends first it returns InFlight with ctx.Err(). An entry abandoned because
// its TTL ran out only wakes waiters when the next write or Sweep removes
// it, so give ctx a deadline.
func (s *Store) BeginWait(ctx context.Context, key, fingerprint string) (Result, error) {
	res, _, err := s.beginWait(ctx, key, fingerprint)
	return res, err
}

func (s *Store) beginWait(ctx context.Context, key, fingerprint string) (Result, *entry, error) {
	if err := checkKey(key); err != nil {
		return Result{Outcome: Invalid}, nil, err
	}
	for {
		now := s.clock()
		s.mu.Lock()
		res, e, err := s.beginLocked(now, key, fingerprint)
		if res.Outcome != InFlight {
			s.mu.Unlock()
			return res, e, err
		}
		if e.settled == nil {
			e.settled = make(chan struct{})
		}
		settled := e.settled
		s.mu.Unlock()
		select {
		case <-settled:
		case <-ctx.Done():
			return res, nil, ctx.Err()
		}
	}
}

// DoWait is Do built on BeginWait: concurrent requests with the same key
// wait for the one running work and then replay its response, instead of
// getting 409. The error is non-nil only when ctx ended while waiting; the
// outcome is then InFlight and the Response has status 409.
func (s *Store) DoWait(ctx context.Context, key, fingerprint string, work func() Response) (Response, Outcome, error) {
	res, e, err := s.beginWait(ctx, key, fingerprint)
	if res.Outcome == InFlight {
		return Response{Status: InFlight.HTTPStatus()}, InFlight, err
	}
	resp, o := s.finish(res, e, work)
	return resp, o, nil
}
