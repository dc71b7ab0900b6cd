package storm

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// retryTicks returns the first and last tick at which retries reached the
// provider, from a series in slices of one tick, and how many there were.
func retryTicks(r Result) (first, last int64, n int) {
	first = -1
	for i, sl := range r.Slices {
		if sl.Retries == 0 {
			continue
		}
		if first < 0 {
			first = int64(i)
		}
		last = int64(i)
		n += sl.Retries
	}
	return first, last, n
}

// TestWaitsEndOnTime: a client that failed calls again exactly its backoff
// later, however long that is, while the other clients keep the provider
// busy: waits shorter than the simulator's calendar (16 384 ticks), equal
// to it, one tick either side, and far beyond it. The outage lasts 100 ms
// and the provider has room for everyone, so every failure is one of the
// outage's and is retried once, with success: the calls dropped when the
// outage began (their answer comes at OutageStart) retry at OutageStart
// plus the wait, the last 503 (answered a round trip after the outage's
// last tick) at OutageEnd plus a round trip plus the wait.
func TestWaitsEndOnTime(t *testing.T) {
	const reach = calendarTicks * Tick
	for _, wait := range []time.Duration{
		2 * time.Second, reach - Tick, reach, reach + Tick, 20 * time.Second, 2 * reach, 40 * time.Second,
	} {
		t.Run(fmt.Sprint(wait), func(t *testing.T) {
			c := Config{
				Strategy: Exponential, Base: wait, Cap: wait, Seed: 5, Clients: 50, Capacity: 10_000,
				OutageStart: 5 * time.Second, OutageEnd: 5*time.Second + 100*time.Millisecond,
				Slice: Tick,
			}
			r := run(t, c)
			first, last, n := retryTicks(r)
			start, end := ticks(c.OutageStart), ticks(c.OutageEnd)
			rt := ticks(DefaultRoundTrip)
			w := ticks(wait)
			assert.Equal(t, start+w, first, "wait %v: want the first retry at OutageStart+wait (tick %d), got tick %d", wait, start+w, first)
			assert.LessOrEqual(t, last, end-1+rt+w, "wait %v: want the last retry by tick %d, got tick %d", wait, end-1+rt+w, last)
			assert.Equal(t, r.Failures, n, "wait %v: want one retry per failure (%d), got %d", wait, r.Failures, n)
			assert.Equal(t, r.Failures, offered(r, c.OutageStart, c.OutageEnd)+droppedAt(r, c.OutageStart),
				"wait %v: every failure is a call during the outage or one dropped when it began", wait)
			assert.Zero(t, r.GaveUp+r.Unfinished, "wait %v: every request succeeds in the end", wait)
		})
	}
}

// droppedAt returns how many calls the provider had accepted before start
// and dropped when the outage began: they are failures of slices before it.
func droppedAt(r Result, start time.Duration) int {
	n := 0
	for _, sl := range r.Slices {
		if sl.Start < start {
			n += sl.Failed
		}
	}
	return n
}

// TestSeriesForAnySliceWidth: the chart's series, in slices of any width
// (a whole number of ticks or not), is the series of single ticks summed
// over each slice: a call at tick t counts in slice ⌊t·Tick/Slice⌋, the
// slices start at multiples of the width, and the last holds the end of
// the run. The width changes nothing else.
func TestSeriesForAnySliceWidth(t *testing.T) {
	base := small(FullJitter)
	base.Slice = Tick
	perTick := run(t, base)
	require.Positive(t, perTick.Failures, "the run has an outage to chart")
	for _, width := range []time.Duration{
		Tick, 2 * Tick, 1500 * time.Microsecond, 2500 * time.Microsecond, 7 * Tick,
		100 * time.Millisecond, 333333 * time.Microsecond, time.Second,
	} {
		c := base
		c.Slice = width
		r := run(t, c)
		want := make([]Slice, int(perTick.Completion/width)+1)
		for i := range want {
			want[i].Start = time.Duration(i) * width
		}
		for i, sl := range perTick.Slices {
			w := &want[int(time.Duration(i)*Tick/width)]
			w.Offered += sl.Offered
			w.Retries += sl.Retries
			w.Succeeded += sl.Succeeded
			w.Failed += sl.Failed
		}
		assert.Equal(t, want, r.Slices, "Slice %v: want the per-tick series summed per slice", width)
		r.Slices, perTick.Slices = nil, nil
		assert.Equal(t, perTick, r, "Slice %v: want the same totals as with slices of a tick", width)
		perTick = run(t, base)
	}
}

// TestOutageAfterTheRunChangesNothing: an outage that begins when the run
// has stopped (at 2·Duration or later) changes nothing, not even for calls
// the provider is still serving when the run stops: their service is cut
// off by the end of the run, not by the outage. Each case is compared with
// the same run without an outage.
func TestOutageAfterTheRunChangesNothing(t *testing.T) {
	const d = 2 * time.Second
	for _, tc := range []struct {
		service, start, end time.Duration
	}{
		{DefaultServiceTime, 2 * d, 2*d + time.Second},
		{10 * d, 2 * d, 3 * d},
		{10 * d, 2*d + Tick, 3 * d},
		{10 * d, 5 * d, 20 * d},
	} {
		c := Config{Seed: 3, Clients: 20, Duration: d, Strategy: Immediate, ServiceTime: tc.service,
			OutageStart: tc.start, OutageEnd: tc.end}
		got := run(t, c)
		c.OutageStart, c.OutageEnd = time.Second, time.Second // none
		want := run(t, c)
		assert.Equal(t, want, got, "ServiceTime %v, outage [%v, %v) after a run of %v: want the run without an outage", tc.service, tc.start, tc.end, 2*d)
		assert.Zero(t, got.Failures, "ServiceTime %v, outage [%v, %v): failures", tc.service, tc.start, tc.end)
	}
}

// callTicks returns the ticks at which calls reached the provider, from a
// series in slices of one tick (a tick with several calls appears once).
func callTicks(r Result) []int64 {
	var out []int64
	for i, sl := range r.Slices {
		if sl.Offered > 0 {
			out = append(out, int64(i))
		}
	}
	return out
}

// TestClientRateSpacesCalls: a client capped at ClientRate calls per
// second, which wants to call all the time (it retries at once through a
// long outage), calls exactly every 1/ClientRate, rounded up to whole
// ticks: its bucket holds one token, and it calls at the first tick its
// token is back.
func TestClientRateSpacesCalls(t *testing.T) {
	for _, tc := range []struct {
		rate float64
		gap  int64 // ticks
	}{
		{2, 500}, {4, 250}, {10, 100}, {3, 334}, {7, 143}, {0.5, 2000},
	} {
		c := Config{Seed: 2, Clients: 1, Strategy: Immediate, ClientRate: tc.rate, Slice: Tick,
			Duration: 30 * time.Second, OutageStart: time.Second, OutageEnd: 29 * time.Second}
		r := run(t, c)
		calls := callTicks(r)
		var gaps []int64
		for i := 1; i < len(calls); i++ {
			if calls[i-1] >= ticks(c.OutageStart) && calls[i] < ticks(c.OutageEnd) {
				gaps = append(gaps, calls[i]-calls[i-1])
			}
		}
		require.NotEmpty(t, gaps, "rate %v: calls during the outage", tc.rate)
		for i, g := range gaps {
			if !assert.Equal(t, tc.gap, g, "rate %v: want a call every %d ticks during the outage, got gap %d after the %d-th: %v", tc.rate, tc.gap, g, i, gaps) {
				break
			}
		}
	}
}

// TestEachClientsBreakerOpens: every client has its own breaker, which
// records each of its calls: through a long outage each client, the first
// one included, makes at most BreakerThreshold calls, then one probe per
// BreakerCooldown, and its other requests are refused at once.
func TestEachClientsBreakerOpens(t *testing.T) {
	for _, clients := range []int{1, 2, 7} {
		c := Config{Seed: 4, Clients: clients, Strategy: Immediate, Breaker: true,
			Duration: 40 * time.Second, OutageStart: 5 * time.Second, OutageEnd: 35 * time.Second}
		r := run(t, c)
		outage := c.OutageEnd - c.OutageStart
		perClient := DefaultBreakerThreshold + int(outage/DefaultBreakerCooldown) + 1
		got := offered(r, c.OutageStart, c.OutageEnd)
		assert.LessOrEqual(t, got, clients*perClient, "%d clients: want at most %d calls each during a %v outage, got %d in all", clients, perClient, outage, got)
		assert.Positive(t, r.Refused, "%d clients: requests refused by an open breaker", clients)
	}
}

// TestCallsServedWhenTheOutageBegins: the provider drops the calls it is
// serving when the outage begins, and only those: a call accepted at tick
// t ends at t + RoundTrip + ServiceTime, and fails if that is after
// OutageStart; one that ends exactly at OutageStart succeeds. Thousands of
// clients, each calling once per RequestInterval from its own random
// offset, keep every tick before the outage busy.
func TestCallsServedWhenTheOutageBegins(t *testing.T) {
	for _, tc := range []struct{ roundTrip, service time.Duration }{
		{50 * time.Millisecond, 500 * time.Millisecond},
		{Tick, 20 * time.Millisecond},
		{10 * time.Millisecond, Tick},
	} {
		c := Config{Seed: 6, Clients: 5000, Capacity: 1_000_000, Strategy: NoRetry,
			RequestInterval: 600 * time.Millisecond, Duration: 2 * time.Second, Slice: Tick,
			RoundTrip: tc.roundTrip, ServiceTime: tc.service,
			OutageStart: time.Second, OutageEnd: 1500 * time.Millisecond}
		r := run(t, c)
		last := ticks(c.OutageStart) - ticks(tc.roundTrip) - ticks(tc.service) // ends exactly at OutageStart
		for tick := last - 3; tick <= last+3; tick++ {
			sl := r.Slices[tick]
			require.Positive(t, sl.Offered, "%+v: calls at tick %d", tc, tick)
			if tick <= last {
				assert.Equal(t, sl.Offered, sl.Succeeded, "%+v: calls at tick %d end by OutageStart: want all %d served, got %d", tc, tick, sl.Offered, sl.Succeeded)
			} else {
				assert.Equal(t, sl.Offered, sl.Failed, "%+v: calls at tick %d end after OutageStart: want all %d dropped, got %d", tc, tick, sl.Offered, sl.Failed)
			}
		}
	}
}
