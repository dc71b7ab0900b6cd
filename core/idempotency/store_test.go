package idempotency_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/idempotency"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fakeClock is a settable clock: tests move time instead of sleeping.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock { return &fakeClock{t: t0} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t0+d, backwards if need be.
func (c *fakeClock) Set(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t0.Add(d)
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestNewValidates(t *testing.T) {
	tests := []struct {
		name    string
		s       idempotency.Settings
		wantErr string
	}{
		{"zero", idempotency.Settings{}, ""},
		{"all set", idempotency.Settings{TTL: time.Hour, Now: time.Now, MaxEntries: 10}, ""},
		{"negative TTL", idempotency.Settings{TTL: -time.Second}, "idempotency: TTL must be >= 0, got -1s"},
		{"negative MaxEntries", idempotency.Settings{MaxEntries: -1}, "idempotency: MaxEntries must be >= 0, got -1"},
	}
	for _, tt := range tests {
		s, err := idempotency.New(tt.s)
		if tt.wantErr == "" {
			require.NoError(t, err, "%s: New(%+v)", tt.name, tt.s)
			require.NotNil(t, s, tt.name)
			continue
		}
		require.EqualError(t, err, tt.wantErr, "%s: New(%+v)", tt.name, tt.s)
		assert.Nil(t, s, tt.name)
	}
}

const ttl = time.Minute

// op is one step of a store scenario, run at clock offset at (zero: the
// offset of the previous op).
type op struct {
	at      time.Duration
	do      string // begin, complete, release, sweep, len
	key, fp string
	status  int                 // complete: status to store; begin: wanted replay status
	want    idempotency.Outcome // begin
	wantErr error               // begin, complete, release
	wantN   int                 // sweep, len
}

func TestStoreScenarios(t *testing.T) {
	long := strings.Repeat("k", 256)
	tests := []struct {
		name string
		max  int
		ops  []op
	}{
		{"new then replay", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "complete", key: "k", status: 201},
			{at: time.Second, do: "begin", key: "k", fp: "a", want: idempotency.Replay, status: 201},
			{do: "len", wantN: 1},
		}},
		{"stored failure replays", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "complete", key: "k", status: 500},
			{do: "begin", key: "k", fp: "a", want: idempotency.Replay, status: 500},
		}},
		{"mismatch after completion", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "complete", key: "k", status: 200},
			{do: "begin", key: "k", fp: "b", want: idempotency.Mismatch},
		}},
		{"mismatch while in flight", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "begin", key: "k", fp: "b", want: idempotency.Mismatch},
		}},
		{"in flight", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "begin", key: "k", fp: "a", want: idempotency.InFlight},
		}},
		{"keys are independent", 0, []op{
			{do: "begin", key: "k1", fp: "a", want: idempotency.Fresh},
			{do: "begin", key: "k2", fp: "a", want: idempotency.Fresh},
			{do: "complete", key: "k2", status: 200},
			{do: "begin", key: "k1", fp: "a", want: idempotency.InFlight},
			{do: "len", wantN: 2},
		}},
		{"release lets a retry run the work", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "release", key: "k"},
			{do: "len", wantN: 0},
			{do: "begin", key: "k", fp: "b", want: idempotency.Fresh},
		}},
		{"release after completion is refused", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "complete", key: "k", status: 200},
			{do: "release", key: "k", wantErr: idempotency.ErrNotInFlight},
			{do: "begin", key: "k", fp: "a", want: idempotency.Replay, status: 200},
		}},
		{"complete twice", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "complete", key: "k", status: 200},
			{do: "complete", key: "k", status: 500, wantErr: idempotency.ErrNotInFlight},
			{do: "begin", key: "k", fp: "a", want: idempotency.Replay, status: 200},
		}},
		{"unknown key", 0, []op{
			{do: "complete", key: "nope", status: 200, wantErr: idempotency.ErrNotInFlight},
			{do: "release", key: "nope", wantErr: idempotency.ErrNotInFlight},
		}},
		{"expires at TTL", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "complete", key: "k", status: 200},
			{at: ttl - 1, do: "begin", key: "k", fp: "a", want: idempotency.Replay, status: 200},
			{at: ttl, do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "len", wantN: 1},
		}},
		{"expired key forgets its fingerprint", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{do: "complete", key: "k", status: 200},
			{at: ttl, do: "begin", key: "k", fp: "b", want: idempotency.Fresh},
		}},
		{"in flight past TTL is abandoned", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{at: ttl - 1, do: "begin", key: "k", fp: "a", want: idempotency.InFlight},
			{at: ttl, do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{at: ttl, do: "complete", key: "k", status: 200},
			{at: ttl, do: "begin", key: "k", fp: "a", want: idempotency.Replay, status: 200},
		}},
		{"complete after TTL is refused", 0, []op{
			{do: "begin", key: "k", fp: "a", want: idempotency.Fresh},
			{at: ttl, do: "complete", key: "k", status: 200, wantErr: idempotency.ErrNotInFlight},
			{do: "len", wantN: 0},
		}},
		{"sweep removes expired entries in order", 0, []op{
			{do: "begin", key: "a", fp: "x", want: idempotency.Fresh},
			{at: 10 * time.Second, do: "begin", key: "b", fp: "x", want: idempotency.Fresh},
			{at: 20 * time.Second, do: "begin", key: "c", fp: "x", want: idempotency.Fresh},
			{at: ttl + 10*time.Second, do: "sweep", wantN: 2},
			{do: "len", wantN: 1},
			{at: ttl + 20*time.Second, do: "sweep", wantN: 1},
			{do: "sweep", wantN: 0},
		}},
		{"writes sweep as they go", 0, []op{
			{do: "begin", key: "a", fp: "x", want: idempotency.Fresh},
			{do: "begin", key: "b", fp: "x", want: idempotency.Fresh},
			{at: ttl, do: "begin", key: "c", fp: "x", want: idempotency.Fresh},
			{do: "len", wantN: 1},
		}},
		{"clock going backwards", 0, []op{
			{at: 10 * time.Second, do: "begin", key: "late", fp: "x", want: idempotency.Fresh},
			{at: time.Nanosecond, do: "begin", key: "early", fp: "x", want: idempotency.Fresh},
			{do: "begin", key: "gone", fp: "x", want: idempotency.Fresh},
			{at: ttl + 5*time.Second, do: "sweep", wantN: 0},
			{do: "begin", key: "early", fp: "x", want: idempotency.Fresh},
			{do: "complete", key: "gone", status: 200, wantErr: idempotency.ErrNotInFlight},
			{do: "len", wantN: 2},
		}},
		{"invalid keys", 0, []op{
			{do: "begin", key: "", fp: "x", want: idempotency.Invalid, wantErr: idempotency.ErrInvalidKey},
			{do: "begin", key: long, fp: "x", want: idempotency.Invalid, wantErr: idempotency.ErrInvalidKey},
			{do: "begin", key: "a\nb", fp: "x", want: idempotency.Invalid, wantErr: idempotency.ErrInvalidKey},
			{do: "begin", key: "a b", fp: "x", want: idempotency.Fresh},
			{do: "len", wantN: 1},
		}},
		{"bound evicts the oldest completed entry", 2, []op{
			{do: "begin", key: "a", fp: "x", want: idempotency.Fresh},
			{do: "begin", key: "b", fp: "x", want: idempotency.Fresh},
			{do: "complete", key: "b", status: 200},
			{do: "begin", key: "c", fp: "x", want: idempotency.Fresh},
			{do: "len", wantN: 2},
			{do: "begin", key: "b", fp: "x", want: idempotency.Full, wantErr: idempotency.ErrFull},
			{do: "begin", key: "a", fp: "x", want: idempotency.InFlight},
			{do: "release", key: "a"},
			{do: "begin", key: "b", fp: "x", want: idempotency.Fresh},
		}},
		{"bound sweeps before evicting", 2, []op{
			{do: "begin", key: "a", fp: "x", want: idempotency.Fresh},
			{at: time.Second, do: "begin", key: "b", fp: "x", want: idempotency.Fresh},
			{do: "complete", key: "b", status: 200},
			{at: ttl, do: "begin", key: "c", fp: "x", want: idempotency.Fresh},
			{do: "begin", key: "b", fp: "x", want: idempotency.Replay, status: 200},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := newClock()
			s, err := idempotency.New(idempotency.Settings{TTL: ttl, Now: clk.Now, MaxEntries: tt.max})
			require.NoError(t, err)
			at := time.Duration(0)
			for i, o := range tt.ops {
				if o.at != 0 || i == 0 {
					at = o.at
				}
				clk.Set(at)
				where := func(what string) string {
					return fmt.Sprintf("%s: op %d %s(%q, %q) at t0+%v: %s", tt.name, i, o.do, o.key, o.fp, at, what)
				}
				switch o.do {
				case "begin":
					res, err := s.Begin(o.key, o.fp)
					checkErr(t, err, o.wantErr, where("error"))
					assert.Equal(t, o.want, res.Outcome, where("outcome"))
					assert.Equal(t, o.status, res.Response.Status, where("replayed status"))
				case "complete":
					err := s.Complete(o.key, idempotency.Response{Status: o.status})
					checkErr(t, err, o.wantErr, where("error"))
				case "release":
					checkErr(t, s.Release(o.key), o.wantErr, where("error"))
				case "sweep":
					assert.Equal(t, o.wantN, s.Sweep(), where("swept"))
				case "len":
					assert.Equal(t, o.wantN, s.Len(), where("Len"))
				default:
					t.Fatalf("unknown op %q", o.do)
				}
			}
		})
	}
}

func checkErr(t *testing.T, got, want error, msg string) {
	t.Helper()
	if want == nil {
		assert.NoError(t, got, msg)
		return
	}
	require.Error(t, got, msg+": want %v", want)
	assert.ErrorIs(t, got, want, msg)
	assert.True(t, strings.HasPrefix(got.Error(), "idempotency: "), "%s: %q lacks the package prefix", msg, got)
}

func TestDefaultTTLIs24Hours(t *testing.T) {
	clk := newClock()
	s, err := idempotency.New(idempotency.Settings{Now: clk.Now})
	require.NoError(t, err)
	_, err = s.Begin("k", "a")
	require.NoError(t, err)
	require.NoError(t, s.Complete("k", idempotency.Response{Status: 200}))
	for _, tt := range []struct {
		at   time.Duration
		want idempotency.Outcome
	}{
		{24*time.Hour - time.Nanosecond, idempotency.Replay},
		{24 * time.Hour, idempotency.Fresh},
	} {
		clk.Set(tt.at)
		res, err := s.Begin("k", "a")
		require.NoError(t, err)
		assert.Equal(t, tt.want, res.Outcome, "Begin at t0+%v", tt.at)
	}
}

func TestZeroStoreIsUsable(t *testing.T) {
	var s idempotency.Store
	assert.Equal(t, 0, s.Len())
	assert.Equal(t, 0, s.Sweep(), "Sweep on an empty zero Store")
	assert.ErrorIs(t, s.Release("k"), idempotency.ErrNotInFlight)

	var s2 idempotency.Store
	res, err := s2.Begin("k", "a")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Fresh, res.Outcome)
	require.NoError(t, s2.Complete("k", idempotency.Response{Status: 201}))
	res, err = s2.Begin("k", "a")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Replay, res.Outcome)
	assert.Equal(t, 201, res.Response.Status)
	assert.Equal(t, 0, s2.Sweep(), "nothing expires within 24 h of the wall clock")

	var s3 idempotency.Store
	assert.Equal(t, 0, s3.SweepAt(t0))
	assert.ErrorIs(t, s3.Complete("k", idempotency.Response{}), idempotency.ErrNotInFlight)
}

func TestResponsesAreCopied(t *testing.T) {
	var s idempotency.Store
	_, err := s.Begin("k", "a")
	require.NoError(t, err)
	resp := idempotency.Response{Status: 201, Header: map[string]string{"Content-Type": "application/json"}, Body: []byte(`{"id":1}`)}
	require.NoError(t, s.Complete("k", resp))
	resp.Header["Content-Type"] = "changed by caller"
	resp.Body[0] = 'X'

	first, err := s.Begin("k", "a")
	require.NoError(t, err)
	want := idempotency.Response{Status: 201, Header: map[string]string{"Content-Type": "application/json"}, Body: []byte(`{"id":1}`)}
	assert.Equal(t, want, first.Response, "stored response after the caller mutated what it passed to Complete")
	first.Response.Header["Content-Type"] = "changed by replay caller"
	first.Response.Body[0] = 'Y'

	second, err := s.Begin("k", "a")
	require.NoError(t, err)
	assert.Equal(t, want, second.Response, "stored response after a caller mutated a replayed copy")
}

// TestLenStaysBounded drives 100,000 keys through a store, one a second,
// with a one-minute TTL: entries older than a minute must not pile up,
// whether their requests completed or were abandoned in flight.
func TestLenStaysBounded(t *testing.T) {
	clk := newClock()
	s, err := idempotency.New(idempotency.Settings{TTL: ttl, Now: clk.Now})
	require.NoError(t, err)
	const n = 100_000
	maxLen := 0
	key := make([]byte, 0, 16)
	for i := range n {
		key = append(key[:0], 'k')
		for v := i; v > 0; v /= 10 {
			key = append(key, byte('0'+v%10))
		}
		res, err := s.Begin(string(key), "fp")
		require.NoError(t, err)
		require.Equal(t, idempotency.Fresh, res.Outcome, "key %d", i)
		if i%2 == 0 {
			require.NoError(t, s.Complete(string(key), idempotency.Response{Status: 200}))
		}
		maxLen = max(maxLen, s.Len())
		clk.Advance(time.Second)
	}
	assert.LessOrEqual(t, maxLen, 60, "max Len over %d keys, one a second, TTL %v", n, ttl)
	assert.Equal(t, 60, s.Len(), "Len after the last key: the keys of the last minute")
	clk.Advance(ttl)
	assert.Equal(t, 60, s.Sweep(), "Sweep after a quiet minute")
	assert.Equal(t, 0, s.Len())
}
