package sandbox

import (
	mathrand "math/rand"
	randv2 "math/rand/v2"
	"sync"
)

// lockedSource is a seeded math/rand source safe for the program's
// goroutines to share, as the package-level functions are.
type lockedSource struct {
	mu  sync.Mutex
	src mathrand.Source64
}

func newLockedSource(seed int64) *lockedSource {
	return &lockedSource{src: mathrand.NewSource(seed).(mathrand.Source64)}
}

func (s *lockedSource) Int63() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.src.Int63()
}

func (s *lockedSource) Uint64() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.src.Uint64()
}

// Seed reseeds the source: rand.Seed in a program makes its own sequence.
func (s *lockedSource) Seed(seed int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.src.Seed(seed)
}

// lockedSourceV2 is the math/rand/v2 counterpart: a PCG seeded from the
// run's seed, behind a mutex.
type lockedSourceV2 struct {
	mu  sync.Mutex
	src *randv2.PCG
}

func newLockedSourceV2(seed int64) *lockedSourceV2 {
	return &lockedSourceV2{src: randv2.NewPCG(uint64(seed), uint64(seed))}
}

func (s *lockedSourceV2) Uint64() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.src.Uint64()
}
