//go:build ignore

// Entries remember when they were created and whether a response exists,
// and expiry is tested with Sub.
package main

import "time"

type Outcome int

const (
	Fresh Outcome = iota
	Replay
	Mismatch
	InFlight
)

type Response struct {
	Status int
	Body   string
}

type record struct {
	fp      string
	created time.Time
	resp    *Response
}

type Store struct {
	ttl  time.Duration
	keys map[string]record
}

func NewStore(ttl time.Duration) *Store {
	return &Store{ttl: ttl, keys: make(map[string]record)}
}

func (s *Store) Begin(key, fingerprint string, now time.Time) (Outcome, Response) {
	rec, ok := s.keys[key]
	if !ok || now.Sub(rec.created) >= s.ttl {
		s.keys[key] = record{fp: fingerprint, created: now}
		return Fresh, Response{}
	}
	if rec.fp != fingerprint {
		return Mismatch, Response{}
	}
	if rec.resp == nil {
		return InFlight, Response{}
	}
	return Replay, *rec.resp
}

func (s *Store) Complete(key string, resp Response) {
	rec := s.keys[key]
	rec.resp = &resp
	s.keys[key] = rec
}
