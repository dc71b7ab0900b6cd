// Package widgets gives the lesson widgets direct use of the core packages,
// without the interpreter: a token bucket to click on, a backoff schedule
// to plot, a breaker to trip, an idempotency store to replay, a storm to
// simulate, a fleet of replicas with and without a shared limiter. Stateful objects live behind integer handles until freed.
//
// Every method takes and returns plain values (see convert.go), so the
// wasm bridge can pass JavaScript arguments straight through, and time is
// explicit: stateful methods take the instant as milliseconds since the
// object was created, so a widget is deterministic and never reads a
// clock. BRIDGE.md documents each method for the page.
//
// The package builds natively and for GOOS=js GOARCH=wasm. An API is safe
// for concurrent use.
package widgets

import (
	"fmt"
	"math"
	"sort"
	"sync"
	"time"
)

// MaxHandles bounds the live objects of one API, so that a page that
// forgets to free cannot exhaust the worker's memory.
const MaxHandles = 10_000

// Epoch is the instant a stateful object's time 0 stands for.
var Epoch = time.Date(2026, time.January, 1, 9, 0, 0, 0, time.UTC)

// Error codes, as BRIDGE.md lists them.
const (
	CodeBadRequest = "bad_request"
	CodeNotFound   = "not_found"
	CodeInternal   = "internal"
)

// Error is a refused call: a code and a message for the page.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

func badArg(format string, a ...any) *Error {
	return &Error{Code: CodeBadRequest, Message: fmt.Sprintf(format, a...)}
}

// API holds the live objects of one page.
type API struct {
	mu      sync.Mutex
	next    int
	objects map[int]any
}

// New returns an API with no objects.
func New() *API { return &API{objects: map[int]any{}} }

// method is one entry of the call table.
type method struct {
	args int // required arguments
	fn   func(a *API, in args) (any, error)
}

// Methods lists the method names Call accepts, sorted.
func Methods() []string {
	out := make([]string, 0, len(table))
	for name := range table {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Call runs a method with plain arguments and returns a plain result. A
// refused call returns an *Error; a panic in core code is returned as an
// internal error, never raised.
func (a *API) Call(name string, argv []any) (out any, err error) {
	m, ok := table[name]
	if !ok {
		return nil, badArg("there is no widget method %q", name)
	}
	if len(argv) < m.args {
		return nil, badArg("%s takes %d arguments, got %d", name, m.args, len(argv))
	}
	defer func() {
		if v := recover(); v != nil {
			out, err = nil, &Error{Code: CodeInternal, Message: fmt.Sprintf("%s failed: %v", name, v)}
		}
	}()
	return m.fn(a, args{name: name, v: argv})
}

// add stores an object and returns its handle.
func (a *API) add(o any) (any, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.objects) >= MaxHandles {
		return nil, badArg("too many live widget objects (%d); free some", MaxHandles)
	}
	a.next++
	a.objects[a.next] = o
	return float64(a.next), nil
}

// Len returns the number of live objects.
func (a *API) Len() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.objects)
}

// free drops a handle; it reports whether the handle was live.
func (a *API) free(h int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	_, ok := a.objects[h]
	delete(a.objects, h)
	return ok
}

// get returns the object behind argument i, which must be of type T.
func get[T any](a *API, in args, i int) (T, error) {
	var zero T
	h, err := in.int(i)
	if err != nil {
		return zero, err
	}
	a.mu.Lock()
	o, ok := a.objects[h]
	a.mu.Unlock()
	if !ok {
		return zero, &Error{Code: CodeNotFound, Message: fmt.Sprintf("%s: no live object with handle %d (freed, or never made)", in.name, h)}
	}
	t, ok := o.(T)
	if !ok {
		return zero, badArg("%s: handle %d is %s, not %s", in.name, h, typeName(o), typeName(zero))
	}
	return t, nil
}

// args reads a call's arguments.
type args struct {
	name string
	v    []any
}

func (in args) at(i int) any {
	if i < len(in.v) {
		return in.v[i]
	}
	return nil
}

func (in args) number(i int) (float64, error) {
	f, ok := in.at(i).(float64)
	if !ok || math.IsNaN(f) {
		return 0, badArg("%s: argument %d must be a number, got %s", in.name, i+1, kind(in.at(i)))
	}
	return f, nil
}

// optNumber is number with a default for a missing argument.
func (in args) optNumber(i int, def float64) (float64, error) {
	if in.at(i) == nil {
		return def, nil
	}
	return in.number(i)
}

func (in args) int(i int) (int, error) {
	n, ok := wholeNumber(in.at(i))
	if !ok {
		return 0, badArg("%s: argument %d must be a whole number, got %s", in.name, i+1, kind(in.at(i)))
	}
	return int(n), nil
}

func (in args) string(i int) (string, error) {
	s, ok := in.at(i).(string)
	if !ok {
		return "", badArg("%s: argument %d must be a string, got %s", in.name, i+1, kind(in.at(i)))
	}
	return s, nil
}

func (in args) bool(i int) (bool, error) {
	b, ok := in.at(i).(bool)
	if !ok {
		return false, badArg("%s: argument %d must be a boolean, got %s", in.name, i+1, kind(in.at(i)))
	}
	return b, nil
}

// instant reads argument i as milliseconds since Epoch.
func (in args) instant(i int) (time.Time, error) {
	ms, err := in.number(i)
	if err != nil {
		return time.Time{}, err
	}
	if !(ms >= 0 && ms <= 1e13) {
		return time.Time{}, badArg("%s: argument %d must be milliseconds from 0, got %v", in.name, i+1, ms)
	}
	return Epoch.Add(time.Duration(ms * float64(time.Millisecond))), nil
}

func typeName(o any) string {
	switch o.(type) {
	case *bucketObject:
		return "a bucket"
	case *backoffObject:
		return "a backoff schedule"
	case *breakerObject:
		return "a breaker"
	case *storeObject:
		return "an idempotency store"
	}
	return fmt.Sprintf("%T", o)
}
