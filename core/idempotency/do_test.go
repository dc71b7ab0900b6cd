package idempotency_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/idempotency"
)

func TestDo(t *testing.T) {
	type call struct {
		key, fp    string
		wantRuns   int // work runs so far, after this call
		wantStatus int
		want       idempotency.Outcome
	}
	tests := []struct {
		name  string
		max   int
		calls []call
	}{
		{"k1 k1 k2", 0, []call{
			{"k1", "a", 1, 201, idempotency.Fresh},
			{"k1", "a", 1, 201, idempotency.Replay},
			{"k2", "a", 2, 202, idempotency.Fresh},
		}},
		{"mismatch", 0, []call{
			{"k", "a", 1, 201, idempotency.Fresh},
			{"k", "b", 1, 422, idempotency.Mismatch},
		}},
		{"invalid key", 0, []call{
			{"", "a", 0, 400, idempotency.Invalid},
			{"k\x00", "a", 0, 400, idempotency.Invalid},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s idempotency.Store
			runs := 0
			for i, c := range tt.calls {
				resp, got := s.Do(c.key, c.fp, func() idempotency.Response {
					runs++
					return idempotency.Response{Status: 200 + runs}
				})
				assert.Equal(t, c.want, got, "call %d Do(%q, %q) outcome", i, c.key, c.fp)
				assert.Equal(t, c.wantStatus, resp.Status, "call %d Do(%q, %q) status", i, c.key, c.fp)
				assert.Equal(t, c.wantRuns, runs, "call %d Do(%q, %q) work runs", i, c.key, c.fp)
			}
		})
	}
}

func TestDoInFlightAndFull(t *testing.T) {
	s, err := idempotency.New(idempotency.Settings{MaxEntries: 1})
	require.NoError(t, err)
	var inner idempotency.Response
	var innerOutcome, fullOutcome idempotency.Outcome
	var full idempotency.Response
	s.Do("k", "a", func() idempotency.Response {
		// While k runs, a retry of k is in flight and the store is full.
		inner, innerOutcome = s.Do("k", "a", func() idempotency.Response { panic("must not run") })
		full, fullOutcome = s.Do("other", "a", func() idempotency.Response { panic("must not run") })
		return idempotency.Response{Status: 200}
	})
	assert.Equal(t, idempotency.InFlight, innerOutcome)
	assert.Equal(t, 409, inner.Status)
	assert.Equal(t, idempotency.Full, fullOutcome)
	assert.Equal(t, 503, full.Status)
}

func TestDoReleasesOnPanic(t *testing.T) {
	var s idempotency.Store
	func() {
		defer func() {
			assert.Equal(t, "card network down", recover(), "the panic continues past Do")
		}()
		s.Do("k", "a", func() idempotency.Response { panic("card network down") })
	}()
	assert.Equal(t, 0, s.Len(), "Len after a panicking work: the key is released")
	resp, o := s.Do("k", "a", func() idempotency.Response { return idempotency.Response{Status: 201} })
	assert.Equal(t, idempotency.Fresh, o, "retry after the panic runs the work")
	assert.Equal(t, 201, resp.Status)
}

func TestDoWorkOutlivingTTL(t *testing.T) {
	clk := newClock()
	s, err := idempotency.New(idempotency.Settings{TTL: ttl, Now: clk.Now})
	require.NoError(t, err)
	runs := 0
	slow := func() idempotency.Response {
		runs++
		clk.Advance(ttl)
		return idempotency.Response{Status: 200}
	}
	resp, o := s.Do("k", "a", slow)
	assert.Equal(t, idempotency.Fresh, o)
	assert.Equal(t, 200, resp.Status, "the caller still gets its response")
	_, o = s.Do("k", "a", func() idempotency.Response { runs++; return idempotency.Response{Status: 200} })
	assert.Equal(t, idempotency.Fresh, o, "an abandoned entry is not stored")
	assert.Equal(t, 2, runs)

	// Work that outlives TTL while another request takes the key over must
	// neither store into nor release the newer entry.
	panicky := func() idempotency.Response {
		clk.Advance(ttl)
		res, err := s.Begin("j", "a")
		require.NoError(t, err)
		require.Equal(t, idempotency.Fresh, res.Outcome, "a request after the TTL takes the key over")
		panic("late failure")
	}
	func() {
		defer func() { _ = recover() }()
		s.Do("j", "a", panicky)
	}()
	res, err := s.Begin("j", "a")
	require.NoError(t, err)
	assert.Equal(t, idempotency.InFlight, res.Outcome, "the newer entry survives the old worker's panic")
}

// TestDoRace has 1,000 goroutines race on one key: the work runs exactly
// once, and every other racer is told InFlight or Replay.
func TestDoRace(t *testing.T) {
	var s idempotency.Store
	const racers = 1000
	var runs atomic.Int32
	outcomes := make([]idempotency.Outcome, racers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range racers {
		wg.Go(func() {
			<-start
			_, outcomes[i] = s.Do("charge-1", "fp", func() idempotency.Response {
				runs.Add(1)
				return idempotency.Response{Status: 201}
			})
		})
	}
	close(start)
	wg.Wait()
	assert.Equal(t, int32(1), runs.Load(), "work runs with %d racers", racers)
	count := map[idempotency.Outcome]int{}
	for _, o := range outcomes {
		count[o]++
	}
	assert.Equal(t, 1, count[idempotency.Fresh], "Fresh outcomes: %v", count)
	assert.Equal(t, racers-1, count[idempotency.InFlight]+count[idempotency.Replay], "InFlight+Replay outcomes: %v", count)
}

// TestDoWaitRace: with DoWait nobody gets 409; all racers see the one
// response.
func TestDoWaitRace(t *testing.T) {
	var s idempotency.Store
	const racers = 1000
	var runs atomic.Int32
	outcomes := make([]idempotency.Outcome, racers)
	statuses := make([]int, racers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range racers {
		wg.Go(func() {
			<-start
			resp, o, err := s.DoWait(context.Background(), "charge-1", "fp", func() idempotency.Response {
				runs.Add(1)
				return idempotency.Response{Status: 201}
			})
			assert.NoError(t, err)
			outcomes[i], statuses[i] = o, resp.Status
		})
	}
	close(start)
	wg.Wait()
	assert.Equal(t, int32(1), runs.Load(), "work runs with %d racers", racers)
	count := map[idempotency.Outcome]int{}
	for i, o := range outcomes {
		count[o]++
		assert.Equal(t, 201, statuses[i], "racer %d (%v) status", i, o)
	}
	assert.Equal(t, map[idempotency.Outcome]int{idempotency.Fresh: 1, idempotency.Replay: racers - 1}, count)
}

// waitingCtx reports, by closing waiting, when BeginWait first asks for
// Done: by then the waiter is registered, so the test can act on the
// in-flight entry without sleeping.
type waitingCtx struct {
	context.Context
	once    sync.Once
	waiting chan struct{}
}

func newWaitingCtx(parent context.Context) *waitingCtx {
	return &waitingCtx{Context: parent, waiting: make(chan struct{})}
}

func (c *waitingCtx) Done() <-chan struct{} {
	c.once.Do(func() { close(c.waiting) })
	return c.Context.Done()
}

func TestBeginWait(t *testing.T) {
	tests := []struct {
		name       string
		fp         string // waiter's fingerprint
		settle     func(s *idempotency.Store, clk *fakeClock) error
		want       idempotency.Outcome
		wantStatus int
	}{
		{"completed: replay", "a", func(s *idempotency.Store, _ *fakeClock) error {
			return s.Complete("k", idempotency.Response{Status: 201})
		}, idempotency.Replay, 201},
		{"released: the waiter runs the work", "a", func(s *idempotency.Store, _ *fakeClock) error {
			return s.Release("k")
		}, idempotency.Fresh, 0},
		{"abandoned and swept: the waiter runs the work", "a", func(s *idempotency.Store, clk *fakeClock) error {
			clk.Advance(ttl)
			if n := s.Sweep(); n != 1 {
				return assert.AnError
			}
			return nil
		}, idempotency.Fresh, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := newClock()
			s, err := idempotency.New(idempotency.Settings{TTL: ttl, Now: clk.Now})
			require.NoError(t, err)
			_, err = s.Begin("k", "a")
			require.NoError(t, err)
			ctx := newWaitingCtx(context.Background())
			type result struct {
				res idempotency.Result
				err error
			}
			done := make(chan result)
			go func() {
				res, err := s.BeginWait(ctx, "k", tt.fp)
				done <- result{res, err}
			}()
			<-ctx.waiting
			require.NoError(t, tt.settle(s, clk))
			got := <-done
			require.NoError(t, got.err)
			assert.Equal(t, tt.want, got.res.Outcome)
			assert.Equal(t, tt.wantStatus, got.res.Response.Status)
		})
	}
}

func TestBeginWaitDoesNotWaitWhenItNeedNot(t *testing.T) {
	var s idempotency.Store
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // nothing below may block
	res, err := s.BeginWait(ctx, "", "a")
	assert.ErrorIs(t, err, idempotency.ErrInvalidKey)
	assert.Equal(t, idempotency.Invalid, res.Outcome)

	res, err = s.BeginWait(ctx, "k", "a")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Fresh, res.Outcome)

	res, err = s.BeginWait(ctx, "k", "b")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Mismatch, res.Outcome, "a different request does not wait")

	res, err = s.BeginWait(ctx, "k", "a")
	assert.ErrorIs(t, err, context.Canceled, "in flight with a cancelled ctx")
	assert.Equal(t, idempotency.InFlight, res.Outcome)

	resp, o, err := s.DoWait(ctx, "k", "a", func() idempotency.Response { panic("must not run") })
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, idempotency.InFlight, o)
	assert.Equal(t, 409, resp.Status)
}

func TestDoWaitDeadline(t *testing.T) {
	var s idempotency.Store
	_, err := s.Begin("k", "a")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	wctx := newWaitingCtx(ctx)
	done := make(chan error)
	go func() {
		_, _, err := s.DoWait(wctx, "k", "a", func() idempotency.Response { panic("must not run") })
		done <- err
	}()
	<-wctx.waiting
	cancel()
	assert.ErrorIs(t, <-done, context.Canceled, "DoWait while in flight, then ctx cancelled")
}
