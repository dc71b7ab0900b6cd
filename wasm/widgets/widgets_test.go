package widgets

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// call is Call that fails the test on an error.
func call(t *testing.T, a *API, method string, args ...any) any {
	t.Helper()
	v, err := a.Call(method, args)
	require.NoError(t, err, "%s%v", method, args)
	return v
}

func obj(t *testing.T, v any) map[string]any {
	t.Helper()
	m, ok := v.(map[string]any)
	require.True(t, ok, "want an object, got %#v", v)
	return m
}

func TestBucket(t *testing.T) {
	a := New()
	b := call(t, a, "bucketNew", 2.0, 1.0)
	steps := []struct {
		at, n   float64
		allowed bool
		retry   float64
	}{{0, 1, true, 0}, {0, 1, true, 0}, {0, 1, false, 1000}, {500, 1, false, 500}, {1000, 1, true, 0}}
	for _, s := range steps {
		d := obj(t, call(t, a, "bucketTake", b, s.at, s.n))
		assert.Equal(t, s.allowed, d["allowed"], "take %v at %vms: allowed", s.n, s.at)
		assert.Equal(t, s.retry, d["retryAfter"], "take %v at %vms: retryAfter", s.n, s.at)
		assert.Equal(t, 2.0, d["limit"])
	}
	assert.Equal(t, 2.0, call(t, a, "bucketTokens", b, 10_000.0), "a bucket refills to capacity")
	w := obj(t, call(t, a, "bucketWait", b, 10_000.0, 5.0))
	assert.Equal(t, false, w["ok"], "5 tokens never fit a bucket of 2")
}

func TestBackoff(t *testing.T) {
	a := New()
	cfg := map[string]any{"base": 100.0, "cap": 1000.0}
	want := []any{100.0, 200.0, 400.0, 800.0, 1000.0}
	assert.Equal(t, want, call(t, a, "backoffDelays", cfg, 5.0, 0.0), "no jitter: doubling up to the cap")

	jittered := map[string]any{"base": 100.0, "cap": 1000.0, "jitter": "full"}
	d1 := call(t, a, "backoffDelays", jittered, 5.0, 7.0)
	assert.Equal(t, d1, call(t, a, "backoffDelays", jittered, 5.0, 7.0), "the same seed gives the same delays")
	assert.NotEqual(t, d1, call(t, a, "backoffDelays", jittered, 5.0, 8.0), "another seed gives others")

	h := call(t, a, "backoffNew", cfg, 1.0)
	for i, w := range want[:3] {
		n := obj(t, call(t, a, "backoffNext", h))
		assert.Equal(t, w, n["delay"], "delay %d", i+1)
		assert.Equal(t, float64(i+1), n["attempt"], "attempt %d", i+1)
	}
	call(t, a, "backoffReset", h)
	assert.Equal(t, 100.0, obj(t, call(t, a, "backoffNext", h))["delay"], "after reset")
}

func TestBreaker(t *testing.T) {
	a := New()
	br := call(t, a, "breakerNew", map[string]any{"threshold": 2.0, "cooldown": 1000.0})
	for i, at := range []float64{0, 10} {
		r := obj(t, call(t, a, "breakerAllow", br, at))
		require.Equal(t, true, r["allowed"], "call %d", i+1)
		call(t, a, "breakerRecord", br, r["ticket"], false, at)
	}
	r := obj(t, call(t, a, "breakerAllow", br, 20.0))
	assert.Equal(t, false, r["allowed"], "open after two failures")
	assert.Equal(t, "open", r["state"])
	assert.Equal(t, "breaker: circuit open", r["error"])
	assert.Equal(t, "half-open", obj(t, call(t, a, "breakerState", br, 1010.0))["state"], "after the cooldown")

	probe := obj(t, call(t, a, "breakerAllow", br, 1010.0))
	s := obj(t, call(t, a, "breakerRecord", br, probe["ticket"], true, 1011.0))
	assert.Equal(t, "closed", s["state"], "a successful probe closes the circuit")
	_, err := a.Call("breakerRecord", []any{br, probe["ticket"], true, 1012.0})
	assertCode(t, err, CodeNotFound, "a ticket is recorded once")
}

func TestIdempotencyStore(t *testing.T) {
	a := New()
	st := call(t, a, "idempotencyNew", map[string]any{"ttl": 60_000.0})
	fp := call(t, a, "idempotencyFingerprint", "POST", "/pay", "{\"amount\":5}")
	steps := []struct {
		at      float64
		fp      any
		outcome string
	}{{0, fp, "fresh"}, {1, fp, "in flight"}}
	for _, s := range steps {
		r := obj(t, call(t, a, "idempotencyBegin", st, s.at, "k1", s.fp))
		assert.Equal(t, s.outcome, r["outcome"], "Begin at %vms", s.at)
	}
	assert.Nil(t, obj(t, call(t, a, "idempotencyComplete", st, 2.0, "k1", map[string]any{"status": 201.0, "body": "paid"}))["error"])
	r := obj(t, call(t, a, "idempotencyBegin", st, 3.0, "k1", fp))
	assert.Equal(t, "replay", r["outcome"])
	assert.Equal(t, map[string]any{"status": 201.0, "header": map[string]any{}, "body": "paid"}, r["response"])
	other := call(t, a, "idempotencyFingerprint", "POST", "/pay", "{\"amount\":6}")
	assert.NotEqual(t, "replay", obj(t, call(t, a, "idempotencyBegin", st, 4.0, "k1", other))["outcome"], "another body under the same key")
	assert.Equal(t, "fresh", obj(t, call(t, a, "idempotencyBegin", st, 70_000.0, "k1", fp))["outcome"], "after the TTL")
}

func TestStormAndClassify(t *testing.T) {
	a := New()
	strategies := call(t, a, "stormStrategies").([]any)
	assert.Contains(t, strategies, "full-jitter")
	cfg := map[string]any{"clients": 10.0, "strategy": "full-jitter", "duration": 5000.0, "outageStart": 1000.0, "outageEnd": 2000.0, "seed": 3.0}
	r1 := obj(t, call(t, a, "stormRun", cfg))
	assert.Equal(t, r1, obj(t, call(t, a, "stormRun", cfg)), "a storm is deterministic")
	assert.Equal(t, 50.0, r1["requests"], "10 clients, one request a second for 5 s")
	assert.NotEmpty(t, r1["slices"])
	c := obj(t, call(t, a, "stormContention", map[string]any{"clients": 5.0, "strategy": "full-jitter", "seed": 1.0}))
	assert.Contains(t, c, "calls")
	assert.GreaterOrEqual(t, c["simMs"], 0.0, "the contention run says how long it took")

	// The chart's series: the totals of stormRun, the calls summed per step.
	for _, step := range []float64{100, 250, 1000} {
		sr := obj(t, call(t, a, "stormSeries", cfg, step))
		assert.Equal(t, r1["totalCalls"], sr["calls"], "step %v: calls", step)
		assert.Equal(t, r1["failures"], sr["failed"], "step %v: failed", step)
		assert.Equal(t, r1["unfinished"], sr["unfinished"], "step %v: unfinished", step)
		assert.Equal(t, r1["completion"], sr["completionMs"], "step %v: completion", step)
		sum := 0.0
		for _, v := range sr["offered"].([]any) {
			sum += v.(float64)
		}
		assert.Equal(t, sr["calls"], sum, "step %v: the series adds up to the calls", step)
		assert.GreaterOrEqual(t, sr["simMs"], 0.0)
	}
	_, err := a.Call("stormSeries", []any{cfg, 0.5})
	assertCode(t, err, CodeBadRequest, "a step below 1 ms")

	assert.Equal(t, "retry", obj(t, call(t, a, "classifyStatus", 503.0))["verdict"])
	assert.Equal(t, "never", obj(t, call(t, a, "classifyStatus", 404.0))["verdict"])
	assert.Equal(t, map[string]any{"wait": 120_000.0, "ok": true}, call(t, a, "classifyRetryAfter", "120", 0.0))
}

func assertCode(t *testing.T, err error, code string, msg string) {
	t.Helper()
	var e *Error
	if assert.ErrorAs(t, err, &e, msg) {
		assert.Equal(t, code, e.Code, "%s: %v", msg, err)
	}
}

func TestBadCallsAreRefused(t *testing.T) {
	a := New()
	b := call(t, a, "bucketNew", 1.0, 1.0)
	br := call(t, a, "breakerNew", map[string]any{"threshold": 1.0})
	cases := []struct {
		method string
		args   []any
		code   string
		msg    string
	}{
		{"nope", nil, CodeBadRequest, "no widget method"},
		{"bucketNew", []any{1.0}, CodeBadRequest, "takes 2 arguments"},
		{"bucketNew", []any{-1.0, 1.0}, CodeBadRequest, "bucket: capacity"},
		{"bucketNew", []any{"2", 1.0}, CodeBadRequest, "must be a number"},
		{"bucketTake", []any{999.0, 0.0}, CodeNotFound, "no live object"},
		{"bucketTake", []any{br, 0.0}, CodeBadRequest, "is a breaker, not a bucket"},
		{"bucketTake", []any{b, -5.0}, CodeBadRequest, "milliseconds from 0"},
		{"bucketTake", []any{b, math.NaN()}, CodeBadRequest, "must be a number"},
		{"bucketTake", []any{b, math.Inf(1)}, CodeBadRequest, "milliseconds from 0"},
		{"bucketTake", []any{b, 0.0, math.NaN()}, CodeBadRequest, "must be a number"},
		{"bucketNew", []any{math.NaN(), 1.0}, CodeBadRequest, "must be a number"},
		{"stormRun", []any{map[string]any{"rejectCost": math.NaN()}}, CodeBadRequest, "must be a number"},
		{"bucketTake", []any{1.5, 0.0}, CodeBadRequest, "whole number"},
		{"breakerNew", []any{map[string]any{"threshold": 1.0, "bogus": 1.0}}, CodeBadRequest, "no setting \"bogus\""},
		{"breakerNew", []any{map[string]any{"threshold": "x"}}, CodeBadRequest, "settings.threshold must be a whole number"},
		{"breakerNew", []any{"not an object"}, CodeBadRequest, "must be an object"},
		{"backoffNew", []any{map[string]any{"base": 10.0, "cap": 100.0, "jitter": "wobbly"}, 1.0}, CodeBadRequest, "config.jitter"},
		{"backoffDelays", []any{map[string]any{"base": 10.0, "cap": 100.0}, 1e6, 1.0}, CodeBadRequest, "count from 0 to 1000"},
		{"stormRun", []any{map[string]any{"rejectCost": 2.0}}, CodeBadRequest, "storm"},
	}
	for _, tc := range cases {
		_, err := a.Call(tc.method, tc.args)
		require.Error(t, err, "%s%v: want an error", tc.method, tc.args)
		assertCode(t, err, tc.code, tc.method)
		assert.Contains(t, err.Error(), tc.msg, "%s%v", tc.method, tc.args)
	}
}

func TestHandlesAreFreedAndBounded(t *testing.T) {
	a := New()
	b := call(t, a, "bucketNew", 1.0, 1.0)
	assert.Equal(t, 1.0, call(t, a, "live"))
	assert.Equal(t, true, call(t, a, "free", b))
	assert.Equal(t, false, call(t, a, "free", b), "a second free finds nothing")
	assert.Equal(t, 0.0, call(t, a, "live"))
	_, err := a.Call("bucketTake", []any{b, 0.0})
	assertCode(t, err, CodeNotFound, "a freed handle")

	for i := 0; i < MaxHandles; i++ {
		call(t, a, "bucketNew", 1.0, 1.0)
	}
	_, err = a.Call("bucketNew", []any{1.0, 1.0})
	assertCode(t, err, CodeBadRequest, "past MaxHandles")
}

func TestMethodsListsTheTable(t *testing.T) {
	m := Methods()
	assert.Contains(t, m, "bucketNew")
	assert.Contains(t, m, "free")
	assert.Len(t, m, len(table))
}

func TestKeys(t *testing.T) {
	for in, want := range map[string]string{"TTL": "ttl", "MaxEntries": "maxEntries", "HTTPStatus": "httpStatus", "Base": "base", "OutageStart": "outageStart", "X": "x"} {
		assert.Equal(t, want, lowerFirst(in), "lowerFirst(%q)", in)
	}
}
