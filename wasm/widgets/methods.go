package widgets

import (
	"math/rand/v2"
	"sync"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/classify"
	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/storm"
)

// table is every method Call accepts. BRIDGE.md documents them; keep the
// two in step.
var table = map[string]method{
	"free": {1, func(a *API, in args) (any, error) {
		h, err := in.int(0)
		return a.free(h), err
	}},
	"live": {0, func(a *API, _ args) (any, error) { return float64(a.Len()), nil }},

	"bucketNew":    {2, bucketNew},
	"bucketTake":   {2, bucketTake},
	"bucketTokens": {2, bucketTokens},
	"bucketWait":   {2, bucketWait},

	"backoffNew":    {2, backoffNew},
	"backoffNext":   {1, backoffNext},
	"backoffReset":  {1, backoffReset},
	"backoffDelays": {3, backoffDelays},

	"breakerNew":    {1, breakerNew},
	"breakerAllow":  {2, breakerAllow},
	"breakerRecord": {4, breakerRecord},
	"breakerState":  {2, breakerState},

	"idempotencyNew":         {1, idempotencyNew},
	"idempotencyBegin":       {4, idempotencyBegin},
	"idempotencyComplete":    {4, idempotencyComplete},
	"idempotencyRelease":     {3, idempotencyRelease},
	"idempotencyFingerprint": {3, idempotencyFingerprint},

	"stormRun":        {1, stormRun},
	"stormSeries":     {1, stormSeries},
	"stormContention": {1, stormContention},
	"stormStrategies": {0, stormStrategies},

	"fleetRun": {0, fleetRun},

	"classifyStatus":     {1, classifyStatus},
	"classifyRetryAfter": {2, classifyRetryAfter},
}

// errorText is an error's message, or nil: core errors a widget shows are
// results, not refused calls.
func errorText(err error) any {
	if err != nil {
		return err.Error()
	}
	return nil
}

type bucketObject struct{ b *bucket.Bucket }

func bucketNew(a *API, in args) (any, error) {
	capacity, err := in.number(0)
	if err != nil {
		return nil, err
	}
	rate, err := in.number(1)
	if err != nil {
		return nil, err
	}
	b, err := bucket.New(capacity, rate)
	if err != nil {
		return nil, badArg("%v", err)
	}
	return a.add(&bucketObject{b})
}

func bucketTake(a *API, in args) (any, error) {
	o, t, n, err := bucketArgs(a, in)
	if err != nil {
		return nil, err
	}
	return encode(o.b.TakeAt(t, n)), nil
}

func bucketTokens(a *API, in args) (any, error) {
	o, t, _, err := bucketArgs(a, in)
	if err != nil {
		return nil, err
	}
	return o.b.TokensAt(t), nil
}

func bucketWait(a *API, in args) (any, error) {
	o, t, n, err := bucketArgs(a, in)
	if err != nil {
		return nil, err
	}
	wait, ok := o.b.WaitAt(t, n)
	return map[string]any{"wait": encode(wait), "ok": ok}, nil
}

// bucketArgs reads (handle, atMs, n = 1).
func bucketArgs(a *API, in args) (*bucketObject, time.Time, float64, error) {
	o, err := get[*bucketObject](a, in, 0)
	if err != nil {
		return nil, time.Time{}, 0, err
	}
	t, err := in.instant(1)
	if err != nil {
		return nil, time.Time{}, 0, err
	}
	n, err := in.optNumber(2, 1)
	return o, t, n, err
}

type backoffObject struct {
	mu sync.Mutex
	it *backoff.Iter
}

// schedule reads a backoff.Config object and a seed.
func schedule(in args, ci, si int) (backoff.Schedule, *rand.Rand, error) {
	var c backoff.Config
	if err := decode(&c, in.at(ci), "config"); err != nil {
		return backoff.Schedule{}, nil, err
	}
	s, err := backoff.New(c)
	if err != nil {
		return backoff.Schedule{}, nil, badArg("%v", err)
	}
	seed, err := in.int(si)
	if err != nil {
		return backoff.Schedule{}, nil, err
	}
	return s, rand.New(rand.NewPCG(uint64(seed), uint64(seed))), nil
}

func backoffNew(a *API, in args) (any, error) {
	s, r, err := schedule(in, 0, 1)
	if err != nil {
		return nil, err
	}
	return a.add(&backoffObject{it: s.Iter(r)})
}

func backoffNext(a *API, in args) (any, error) {
	o, err := get[*backoffObject](a, in, 0)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	d := o.it.Next()
	return map[string]any{"attempt": float64(o.it.Attempt()), "delay": encode(d)}, nil
}

func backoffReset(a *API, in args) (any, error) {
	o, err := get[*backoffObject](a, in, 0)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	o.it.Reset()
	o.mu.Unlock()
	return true, nil
}

func backoffDelays(_ *API, in args) (any, error) {
	s, r, err := schedule(in, 0, 2)
	if err != nil {
		return nil, err
	}
	n, err := in.int(1)
	if err != nil || n < 0 || n > 1000 {
		return nil, badArg("backoffDelays: argument 2 must be a count from 0 to 1000, got %s", kind(in.at(1)))
	}
	return encode(s.Delays(n, r)), nil
}

type breakerObject struct {
	b       *breaker.Breaker
	mu      sync.Mutex
	next    int
	tickets map[int]breaker.Ticket
}

func breakerNew(a *API, in args) (any, error) {
	var s breaker.Settings
	if err := decode(&s, in.at(0), "settings"); err != nil {
		return nil, err
	}
	b, err := breaker.New(s)
	if err != nil {
		return nil, badArg("%v", err)
	}
	return a.add(&breakerObject{b: b, tickets: map[int]breaker.Ticket{}})
}

func breakerAllow(a *API, in args) (any, error) {
	o, err := get[*breakerObject](a, in, 0)
	if err != nil {
		return nil, err
	}
	t, err := in.instant(1)
	if err != nil {
		return nil, err
	}
	tk, err := o.b.AllowAt(t)
	out := map[string]any{"allowed": err == nil, "ticket": nil, "error": errorText(err), "state": encode(o.b.StateAt(t))}
	if err == nil {
		o.mu.Lock()
		o.next++
		o.tickets[o.next] = tk
		out["ticket"] = float64(o.next)
		o.mu.Unlock()
	}
	return out, nil
}

func breakerRecord(a *API, in args) (any, error) {
	o, err := get[*breakerObject](a, in, 0)
	if err != nil {
		return nil, err
	}
	id, err := in.int(1)
	if err != nil {
		return nil, err
	}
	success, err := in.bool(2)
	if err != nil {
		return nil, err
	}
	t, err := in.instant(3)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	tk, ok := o.tickets[id]
	delete(o.tickets, id)
	o.mu.Unlock()
	if !ok {
		return nil, &Error{Code: CodeNotFound, Message: "breakerRecord: no open ticket with that number (recorded already?)"}
	}
	o.b.RecordAt(t, tk, success)
	return breakerView(o.b, t), nil
}

func breakerState(a *API, in args) (any, error) {
	o, err := get[*breakerObject](a, in, 0)
	if err != nil {
		return nil, err
	}
	t, err := in.instant(1)
	if err != nil {
		return nil, err
	}
	return breakerView(o.b, t), nil
}

func breakerView(b *breaker.Breaker, t time.Time) map[string]any {
	return map[string]any{"state": encode(b.StateAt(t)), "counts": encode(b.Counts())}
}

// storeObject is an idempotency store on its own clock: each call sets
// the instant the store reads.
type storeObject struct {
	mu  sync.Mutex
	now time.Time
	s   *idempotency.Store
}

func (o *storeObject) clock() time.Time {
	return o.now // read under o.mu: every store call is made with it held
}

func idempotencyNew(a *API, in args) (any, error) {
	var s idempotency.Settings
	if err := decode(&s, in.at(0), "settings"); err != nil {
		return nil, err
	}
	o := &storeObject{now: Epoch}
	s.Now = o.clock
	st, err := idempotency.New(s)
	if err != nil {
		return nil, badArg("%v", err)
	}
	o.s = st
	return a.add(o)
}

// withStore runs f on the store of argument 0 at the instant of argument
// 1, key in argument 2.
func withStore(a *API, in args, f func(s *idempotency.Store, key string) any) (any, error) {
	o, err := get[*storeObject](a, in, 0)
	if err != nil {
		return nil, err
	}
	t, err := in.instant(1)
	if err != nil {
		return nil, err
	}
	key, err := in.string(2)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.now = t
	return f(o.s, key), nil
}

func idempotencyBegin(a *API, in args) (any, error) {
	fp, err := in.string(3)
	if err != nil {
		return nil, err
	}
	return withStore(a, in, func(s *idempotency.Store, key string) any {
		res, err := s.Begin(key, fp)
		out := encode(res).(map[string]any)
		out["status"] = float64(res.Outcome.HTTPStatus())
		out["error"] = errorText(err)
		return out
	})
}

func idempotencyComplete(a *API, in args) (any, error) {
	var resp idempotency.Response
	if err := decode(&resp, in.at(3), "response"); err != nil {
		return nil, err
	}
	return withStore(a, in, func(s *idempotency.Store, key string) any {
		return map[string]any{"error": errorText(s.Complete(key, resp))}
	})
}

func idempotencyRelease(a *API, in args) (any, error) {
	return withStore(a, in, func(s *idempotency.Store, key string) any {
		return map[string]any{"error": errorText(s.Release(key))}
	})
}

func idempotencyFingerprint(_ *API, in args) (any, error) {
	method, err := in.string(0)
	if err != nil {
		return nil, err
	}
	path, err := in.string(1)
	if err != nil {
		return nil, err
	}
	body, err := in.string(2)
	if err != nil {
		return nil, err
	}
	return idempotency.Fingerprint(method, path, []byte(body)), nil
}

func stormStrategies(*API, args) (any, error) { return encode(storm.Strategies()), nil }

func classifyStatus(_ *API, in args) (any, error) {
	code, err := in.int(0)
	if err != nil {
		return nil, err
	}
	return encode(classify.Status(code)), nil
}

func classifyRetryAfter(_ *API, in args) (any, error) {
	value, err := in.string(0)
	if err != nil {
		return nil, err
	}
	t, err := in.instant(1)
	if err != nil {
		return nil, err
	}
	wait, ok := classify.ParseRetryAfter(value, t)
	return map[string]any{"wait": encode(wait), "ok": ok}, nil
}
