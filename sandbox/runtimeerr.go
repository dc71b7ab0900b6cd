package sandbox

import (
	"strings"
	"sync"
	"sync/atomic"

	goruntime "github.com/flakylab/flakylab/sandbox/internal/runtime"
)

// runtimePanicValue turns a panic value the interpreter made for a
// run-time error into the one Go makes: reflect's messages become the
// runtime's, as a runtime.errorString, and a failed type assertion loses
// the position the interpreter puts in front of it and becomes a
// *runtime.TypeAssertionError (sandbox/internal/runtime makes both). Any
// other value is returned as it is.
func runtimePanicValue(v any) any {
	switch x := v.(type) {
	case string:
		if msg := goPanicMessage(x); msg != x {
			if rest, ok := strings.CutPrefix(msg, "runtime error: "); ok {
				return goruntime.Error(rest)
			}
		}
	case error:
		msg := x.Error()
		if m := goPanicMessage(msg); m != msg && strings.HasPrefix(msg, "reflect") {
			if rest, ok := strings.CutPrefix(m, "runtime error: "); ok {
				return goruntime.Error(rest)
			}
		}
		if positionPrefix().MatchString(msg) {
			if rest := positionPrefix().ReplaceAllString(msg, ""); strings.HasPrefix(rest, "interface conversion: ") {
				return goruntime.Assertion(rest)
			}
		}
	}
	return v
}

// panicToken stands in for a panic value while the interpreter unwinds
// (see the rewrite): id finds the value the program panicked with.
type panicToken struct {
	id     int64
	tokens *panicTokens
}

// String is what fmt prints for a panic in a String or Error method it
// called (%!v(PANIC=String method: ...)): the message of the value the
// token stands for, as fmt prints it with %v (the method's text for a
// value with an Error or String method), where it printed the token ({2}).
func (t panicToken) String() string {
	t.tokens.mu.Lock()
	show := t.tokens.shows[t.id]
	t.tokens.mu.Unlock()
	if show == nil {
		return "panic"
	}
	return show()
}

// panicTokens hands out a run's tokens and guards the program's table of
// the values they stand for.
type panicTokens struct {
	mu    sync.Mutex
	next  atomic.Int64
	shows map[int64]func() string // each token's value as fmt prints it
}

// Token returns a fresh token and its id; show gives the message of the
// value it stands for.
func (p *panicTokens) Token(show func() string) (int64, any) {
	id := p.next.Add(1)
	p.mu.Lock()
	if p.shows == nil {
		p.shows = map[int64]func() string{}
	}
	p.shows[id] = show
	p.mu.Unlock()
	return id, panicToken{id, p}
}

// TokenID returns the id of a token, or false for any other value.
func (p *panicTokens) TokenID(v any) (int64, bool) {
	t, ok := v.(panicToken)
	return t.id, ok
}

// Lock and Unlock guard the program's table of panic values.
func (p *panicTokens) Lock()   { p.mu.Lock() }
func (p *panicTokens) Unlock() { p.mu.Unlock() }
