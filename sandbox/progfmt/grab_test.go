package progfmt

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The interpreter's wrappers are tested with programs (the corpus,
// prog_504 to prog_513); here, what Grab and Take do with anything else.

func TestGrabLeavesCompiledErrors(t *testing.T) {
	for _, err := range []error{nil, errors.New("x"), fmt.Errorf("w: %w", errors.New("x")), errors.Join(errors.New("a"))} {
		tag, v := Grab(err)
		assert.Zero(t, tag, "%v", err)
		assert.Nil(t, v, "%v", err)
	}
}

func TestTakeWithoutGrab(t *testing.T) {
	assert.False(t, Take(1, 2), "no Grab under way")
}

func TestGoroutineIDs(t *testing.T) {
	const n = 8
	ids := make([]uint64, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids[i] = goroutineID()
		}()
	}
	wg.Wait()
	seen := map[uint64]bool{goroutineID(): true}
	for _, id := range ids {
		assert.NotZero(t, id)
		assert.False(t, seen[id], "goroutine id %d twice", id)
		seen[id] = true
	}
}
