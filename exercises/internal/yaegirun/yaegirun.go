// Package yaegirun runs check programs natively in the yaegi interpreter,
// with the same allow-list of packages as the browser runtime. The grader's
// tests and command use it until the runtime's own native entry point
// (wasm/) lands.
package yaegirun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/scanner"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/internal/coresym"
)

// Allowed lists the standard packages a program may import, as in the
// browser runtime; every core package is allowed too.
var Allowed = []string{
	"context", "errors", "fmt", "maps", "math", "math/rand", "math/rand/v2",
	"slices", "sort", "strconv", "strings", "sync", "sync/atomic", "time",
	"unicode/utf8",
}

// MaxOutput caps what a program may print, as the runtime does.
const MaxOutput = 1 << 20

var (
	symbolsOnce sync.Once
	symbols     map[string]map[string]reflect.Value
)

func allowedSymbols() map[string]map[string]reflect.Value {
	symbolsOnce.Do(func() {
		symbols = map[string]map[string]reflect.Value{}
		for _, p := range Allowed {
			key := p + "/" + defaultName(p)
			if s, ok := stdlib.Symbols[key]; ok {
				symbols[key] = s
			}
		}
		for k, v := range coresym.Symbols {
			symbols[k] = v
		}
	})
	return symbols
}

func defaultName(p string) string {
	parts := strings.Split(p, "/")
	if last := parts[len(parts)-1]; len(parts) > 1 && last == "v2" {
		return parts[len(parts)-2]
	}
	return parts[len(parts)-1]
}

// capped is a writer that passes on the first MaxOutput bytes to w.
type capped struct {
	mu      sync.Mutex
	w       io.Writer
	written int
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := MaxOutput - c.written; room > 0 {
		if len(p) > room {
			p = p[:room]
		}
		c.written += len(p)
		c.w.Write(p)
	}
	return len(p), nil
}

// Run runs program in a fresh interpreter until it ends or ctx is done,
// and returns what it printed.
func Run(ctx context.Context, program string) (string, *exercises.RunError) {
	var out bytes.Buffer
	var mu sync.Mutex
	err := Stream(ctx, program, writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return out.Write(p)
	}))
	mu.Lock()
	defer mu.Unlock()
	return out.String(), err
}

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// Stream runs program like Run, writing its standard output to stdout as
// it is produced (up to MaxOutput bytes).
func Stream(ctx context.Context, program string, stdout io.Writer) *exercises.RunError {
	var stderr bytes.Buffer
	i := interp.New(interp.Options{Stdout: &capped{w: stdout}, Stderr: &capped{w: &stderr}})
	if err := i.Use(allowedSymbols()); err != nil {
		return &exercises.RunError{Kind: "internal", Message: err.Error()}
	}
	_, err := i.EvalWithContext(ctx, program)
	if err == nil {
		return nil
	}
	return classify(ctx, err, stderr.String())
}

// Runner is Run as an exercises.Runner.
var Runner = exercises.RunnerFunc(Run)

var position = regexp.MustCompile(`^(?:[^:\s]*\.go:)?(\d+):(\d+): ?(.*)$`)

func classify(ctx context.Context, err error, stderr string) *exercises.RunError {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		kind := "stopped"
		if errors.Is(err, context.DeadlineExceeded) {
			kind = "timeout"
		}
		return &exercises.RunError{Kind: kind, Message: err.Error()}
	}
	var p interp.Panic
	if errors.As(err, &p) {
		e := &exercises.RunError{Kind: "panic", Message: fmt.Sprint(p.Value)}
		// yaegi reports where the panic happened on stderr: "12:3: panic: ...".
		for _, line := range strings.Split(stderr, "\n") {
			if m := position.FindStringSubmatch(line); m != nil && strings.HasPrefix(m[3], "panic") {
				e.Line, _ = strconv.Atoi(m[1])
				e.Column, _ = strconv.Atoi(m[2])
				break
			}
		}
		return e
	}
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return &exercises.RunError{Kind: "compile", Message: list[0].Msg, Line: list[0].Pos.Line, Column: list[0].Pos.Column}
	}
	msg := err.Error()
	kind := "compile"
	if strings.Contains(msg, "import") && strings.Contains(msg, "unable to find source") {
		kind = "import"
	}
	if m := position.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return &exercises.RunError{Kind: kind, Message: m[3], Line: line, Column: col}
	}
	return &exercises.RunError{Kind: kind, Message: msg}
}
