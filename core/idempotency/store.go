package idempotency

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"
)

// DefaultTTL is how long a key lives when Settings.TTL is zero. Stripe and
// most payment APIs keep keys for at least this long.
const DefaultTTL = 24 * time.Hour

var (
	// ErrNotInFlight is returned (wrapped) by Complete and Release when the
	// key has no in-flight entry: it was never begun, already completed,
	// released, or expired.
	ErrNotInFlight = errors.New("idempotency: key is not in flight")
	// ErrFull is returned by Begin with the Full outcome when the store is
	// at MaxEntries and every entry is in flight.
	ErrFull = errors.New("idempotency: store is full of in-flight keys")
)

// Response is a stored response: plain data, so that any transport can
// build one from what it sent and send a replayed one back.
type Response struct {
	// Status is the HTTP status code.
	Status int
	// Header holds response header fields, one value per name.
	Header map[string]string
	// Body is the response body.
	Body []byte
}

// clone copies r so that the store and its callers never share memory.
func (r Response) clone() Response {
	r.Header = maps.Clone(r.Header)
	r.Body = bytes.Clone(r.Body)
	return r
}

// Result is the answer of Begin.
type Result struct {
	// Outcome says what the caller should do.
	Outcome Outcome
	// Response is the stored response when Outcome is Replay, and the zero
	// Response otherwise.
	Response Response
}

// Settings configures a Store. The zero value of each field means its
// documented default.
type Settings struct {
	// TTL is how long a key is remembered after Begin first accepts it.
	// Zero means DefaultTTL (24 hours); negative is an error.
	TTL time.Duration
	// Now reads the clock that TTLs are measured on. Nil means time.Now.
	Now func() time.Time
	// MaxEntries bounds how many keys the store holds. When it is reached,
	// Begin evicts the oldest completed entry to make room for a new key,
	// or answers Full if every entry is in flight. Zero means no bound
	// beyond TTL; negative is an error.
	MaxEntries int
}

// Store maps idempotency keys to request fingerprints and stored responses.
// The zero Store is ready to use with the default Settings. A Store is safe
// for concurrent use; it must not be copied after first use.
type Store struct {
	mu  sync.Mutex
	ttl time.Duration
	now func() time.Time
	max int
	m   map[string]*entry
	// order is the sentinel of a circular list of entries, oldest first;
	// with a fixed TTL that is also expiry order.
	order entry
}

// entry is one key's state. It is in flight until done is set.
type entry struct {
	key         string
	fingerprint string
	expires     time.Time
	done        bool
	resp        Response
	// settled is closed when the entry stops being in flight (completed,
	// released or removed); nil until BeginWait needs it.
	settled    chan struct{}
	prev, next *entry
}

// New returns a Store configured by s. It fails if TTL or MaxEntries is
// negative.
func New(s Settings) (*Store, error) {
	if s.TTL < 0 {
		return nil, fmt.Errorf("idempotency: TTL must be >= 0, got %v", s.TTL)
	}
	if s.MaxEntries < 0 {
		return nil, fmt.Errorf("idempotency: MaxEntries must be >= 0, got %d", s.MaxEntries)
	}
	return &Store{ttl: s.TTL, now: s.Now, max: s.MaxEntries}, nil
}

func (s *Store) clock() time.Time {
	if s.now == nil {
		return time.Now()
	}
	return s.now()
}

// initLocked makes the zero Store usable.
func (s *Store) initLocked() {
	if s.m == nil {
		s.m = make(map[string]*entry)
		s.order.next, s.order.prev = &s.order, &s.order
		if s.ttl == 0 {
			s.ttl = DefaultTTL
		}
	}
}

// Begin reports what to do with a request carrying key whose fingerprint is
// fingerprint (see Fingerprint; any string works, compared exactly). When
// the Outcome is Fresh the key is now in flight, and the caller must end it
// with Complete or Release. The error is non-nil exactly when the Outcome
// is Invalid (it wraps ErrInvalidKey and says what is wrong) or Full
// (ErrFull).
//
// Checks run in this order: key validity, then fingerprint (a reused key is
// a Mismatch even while the first request runs), then state.
func (s *Store) Begin(key, fingerprint string) (Result, error) {
	if err := checkKey(key); err != nil {
		return Result{Outcome: Invalid}, err
	}
	now := s.clock()
	s.mu.Lock()
	defer s.mu.Unlock()
	res, _, err := s.beginLocked(now, key, fingerprint)
	return res, err
}

// beginLocked is Begin once the key is valid; it also returns the entry the
// outcome refers to (nil for Full).
func (s *Store) beginLocked(now time.Time, key, fingerprint string) (Result, *entry, error) {
	s.initLocked()
	s.sweepLocked(now)
	if e, ok := s.m[key]; ok {
		if !now.Before(e.expires) {
			// Expired but not at the front: the clock went backwards
			// at some point. Expired still means forgotten.
			s.removeLocked(e)
		} else {
			switch {
			case e.fingerprint != fingerprint:
				return Result{Outcome: Mismatch}, e, nil
			case !e.done:
				return Result{Outcome: InFlight}, e, nil
			}
			return Result{Outcome: Replay, Response: e.resp.clone()}, e, nil
		}
	}
	if s.max > 0 && len(s.m) >= s.max && !s.evictLocked() {
		return Result{Outcome: Full}, nil, ErrFull
	}
	e := &entry{key: key, fingerprint: fingerprint, expires: now.Add(s.ttl)}
	s.m[key] = e
	e.prev, e.next = s.order.prev, &s.order
	e.prev.next, s.order.prev = e, e
	return Result{Outcome: Fresh}, e, nil
}

// Complete stores resp as the response for key, which must be in flight
// (Begin answered Fresh and neither Complete nor Release has run since).
// Later requests with the same key and fingerprint replay a copy of resp
// until the key expires. Otherwise Complete returns an error wrapping
// ErrNotInFlight; that includes work that outlived TTL, whose entry was
// abandoned.
func (s *Store) Complete(key string, resp Response) error {
	now := s.clock()
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.inFlightLocked(now, key)
	if err != nil {
		return err
	}
	s.completeLocked(e, resp)
	return nil
}

// Release forgets key, which must be in flight, so that the next request
// with it runs the work. Use it when the work never started (the request
// was refused before execution) or failed in a way that must not be
// replayed. Otherwise Release returns an error wrapping ErrNotInFlight.
func (s *Store) Release(key string) error {
	now := s.clock()
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.inFlightLocked(now, key)
	if err != nil {
		return err
	}
	s.removeLocked(e)
	return nil
}

func (s *Store) inFlightLocked(now time.Time, key string) (*entry, error) {
	s.initLocked()
	s.sweepLocked(now)
	e, ok := s.m[key]
	if ok && !now.Before(e.expires) {
		s.removeLocked(e)
		ok = false
	}
	if !ok || e.done {
		return nil, fmt.Errorf("%w: %q", ErrNotInFlight, key)
	}
	return e, nil
}

func (s *Store) completeLocked(e *entry, resp Response) {
	e.done = true
	e.resp = resp.clone()
	if e.settled != nil {
		close(e.settled)
		e.settled = nil
	}
}

// ownsLocked reports whether e is still the in-flight entry for its key,
// that is, it has not expired, been released or been replaced.
func (s *Store) ownsLocked(e *entry) bool {
	return s.m[e.key] == e && !e.done
}

func (s *Store) removeLocked(e *entry) {
	delete(s.m, e.key)
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
	if e.settled != nil {
		close(e.settled)
		e.settled = nil
	}
}

// evictLocked removes the oldest completed entry; false if there is none.
func (s *Store) evictLocked() bool {
	for e := s.order.next; e != &s.order; e = e.next {
		if e.done {
			s.removeLocked(e)
			return true
		}
	}
	return false
}

func (s *Store) sweepLocked(now time.Time) int {
	n := 0
	for e := s.order.next; e != &s.order && !now.Before(e.expires); e = s.order.next {
		s.removeLocked(e)
		n++
	}
	return n
}

// Sweep removes the entries that have expired by the store's clock and
// returns how many it removed. Writes already sweep as they go; Sweep is
// for a store that sees no writes for a long time.
func (s *Store) Sweep() int { return s.SweepAt(s.clock()) }

// SweepAt is Sweep at instant t: it removes entries whose TTL ended at or
// before t, in expiry order, stopping at the first one still alive.
func (s *Store) SweepAt(t time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initLocked()
	return s.sweepLocked(t)
}

// Len returns the number of entries held, in flight or completed, including
// expired ones not swept yet.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}
