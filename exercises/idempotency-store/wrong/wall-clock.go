//go:build ignore

// Expiry reads the wall clock instead of the now Begin is given.
package main

import (
	"fmt"
	"time"
)

// Outcome is what Begin decided about a request.
type Outcome int

const (
	Fresh    Outcome = iota // new key: do the work, then Complete
	Replay                  // same request, completed: send the stored response
	Mismatch                // same key, different request: a client bug (422)
	InFlight                // same request, still running: try later (409)
)

// Response is a stored response.
type Response struct {
	Status int
	Body   string
}

// entry is what the store knows about one key.
type entry struct {
	fingerprint string
	expires     time.Time
	done        bool
	resp        Response
}

// Store remembers idempotency keys. It is not safe for concurrent use; a
// server would guard it with a sync.Mutex (and keep it in a shared store
// such as Redis when it runs several replicas). Expired entries are
// dropped when their key comes back; a long-lived store would also sweep
// the ones that never do.
type Store struct {
	ttl     time.Duration
	entries map[string]*entry
}

// NewStore returns an empty store whose keys live for ttl.
func NewStore(ttl time.Duration) *Store {
	return &Store{ttl: ttl, entries: map[string]*entry{}}
}

// Begin decides what to do with a request carrying key whose fingerprint
// is fingerprint, arriving at now.
func (s *Store) Begin(key, fingerprint string, now time.Time) (Outcome, Response) {
	e, ok := s.entries[key]
	if ok && !time.Now().Before(e.expires) {
		delete(s.entries, key) // expired: as if never seen
		ok = false
	}
	switch {
	case !ok:
		s.entries[key] = &entry{fingerprint: fingerprint, expires: now.Add(s.ttl)}
		return Fresh, Response{}
	case e.fingerprint != fingerprint:
		return Mismatch, Response{}
	case !e.done:
		return InFlight, Response{}
	}
	return Replay, e.resp
}

// Complete stores the response of the in-flight request with key.
func (s *Store) Complete(key string, resp Response) {
	if e, ok := s.entries[key]; ok && !e.done {
		e.done = true
		e.resp = resp
	}
}

func main() {
	s := NewStore(24 * time.Hour)
	now := time.Now()
	fmt.Println(s.Begin("k1", "POST /charges amount=50", now))
	s.Complete("k1", Response{Status: 201, Body: "charged"})
	fmt.Println(s.Begin("k1", "POST /charges amount=50", now.Add(time.Minute)))
	fmt.Println(s.Begin("k1", "POST /charges amount=70", now.Add(time.Minute)))
}
