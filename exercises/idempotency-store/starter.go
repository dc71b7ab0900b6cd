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

// Store remembers idempotency keys. Add the fields you need.
type Store struct {
}

// NewStore returns an empty store whose keys live for ttl.
func NewStore(ttl time.Duration) *Store {
	return &Store{}
}

// Begin decides what to do with a request carrying key whose fingerprint
// is fingerprint, arriving at now.
func (s *Store) Begin(key, fingerprint string, now time.Time) (Outcome, Response) {
	return Fresh, Response{}
}

// Complete stores the response of the in-flight request with key.
func (s *Store) Complete(key string, resp Response) {
}

func main() {
	s := NewStore(24 * time.Hour)
	now := time.Now()
	fmt.Println(s.Begin("k1", "POST /charges amount=50", now))
	s.Complete("k1", Response{Status: 201, Body: "charged"})
	fmt.Println(s.Begin("k1", "POST /charges amount=50", now.Add(time.Minute)))
	fmt.Println(s.Begin("k1", "POST /charges amount=70", now.Add(time.Minute)))
}
