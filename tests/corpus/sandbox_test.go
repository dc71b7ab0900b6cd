package corpus

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox"
)

// These tests run the corpus through the runtime itself (sandbox:
// allow-list, front end, rewrite, virtual time, the interpreter with the
// runtime's own symbol tables), natively and, built for GOOS=js
// GOARCH=wasm, under Node (make test-runtime).

// runCase runs one program as the page would, with a generous time limit.
func runCase(t *testing.T, c Case) sandbox.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return sandbox.Run(ctx, string(c.Source), sandbox.Options{})
}

func TestRuntimeMatchesGoRun(t *testing.T) {
	for _, c := range Cases(Valid) {
		t.Run(c.Name, func(t *testing.T) {
			if raceEnabled && startsGoroutines(c.Source) {
				t.Skip("the interpreter's goroutines trip the race detector (see raceEnabled)")
			}
			res := runCase(t, c)
			require.Nil(t, res.Err, "%s: the runtime failed: %v\nstdout so far:\n%s\nstderr:\n%s", c.Name, res.Err, res.Stdout, res.Stderr)
			assert.Equal(t, c.Stdout, res.Stdout, "%s: want (go run) vs got (runtime)", c.Name)
			assert.Equal(t, 0, res.ExitCode)
			assert.Empty(t, res.Leftover, "%s: the run ends cleanly", c.Name)
		})
	}
}

// errorLines formats a run's errors as the golden .err files are.
func errorLines(errs []*sandbox.Error) string {
	var b strings.Builder
	for _, e := range errs {
		if e.Line == 0 {
			b.WriteString(e.Message + "\n")
			continue
		}
		fmt.Fprintf(&b, "%d:%d: %s\n", e.Line, e.Column, e.Message)
	}
	return b.String()
}

func TestRuntimeRejectsAsGoBuild(t *testing.T) {
	for _, c := range Cases(Invalid) {
		t.Run(c.Name, func(t *testing.T) {
			res := runCase(t, c)
			require.NotNil(t, res.Err, "%s: the runtime ran an invalid program; stdout:\n%s", c.Name, res.Stdout)
			assert.Equal(t, sandbox.KindCompile, res.Err.Kind, "%s: %v", c.Name, res.Err)
			want := strings.ReplaceAll(c.Errors, "runtime.main_main·f: ", "")
			assert.Equal(t, want, errorLines(res.Errors), "%s: want (go build) vs got (runtime)", c.Name)
			assert.Empty(t, res.Stdout)
			assert.Equal(t, 1, res.ExitCode)
		})
	}
}

// startsGoroutines reports whether src has a go statement or hands a
// function to a goroutine starter (WaitGroup.Go, AfterFunc).
func startsGoroutines(src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			found = true
		case *ast.SelectorExpr: // wg.Go(f), time.AfterFunc(d, f), context.AfterFunc(ctx, f)
			found = n.Sel.Name == "Go" || n.Sel.Name == "AfterFunc"
		}
		return !found
	})
	return found
}

// TestRuntimeNamesRefusalsAsSuch runs the programs of unsupported/: each
// one the runtime refuses must come back as a refusal (error kind
// unsupported, "not supported by the playground", at a line), not as a
// compile error, which would tell the learner that their Go is wrong.
func TestRuntimeNamesRefusalsAsSuch(t *testing.T) {
	for _, c := range Cases(Unsupported) {
		t.Run(c.Name, func(t *testing.T) {
			res := runCase(t, c)
			if res.Err == nil {
				// The runtime's own helpers run some of these as Go
				// does (053); the plain interpreter is what diverges.
				return
			}
			assert.Contains(t, res.Err.Message, "not supported by the playground", "%s: %v", c.Name, res.Err)
			assert.Equal(t, sandbox.KindUnsupported, res.Err.Kind, "%s: %v", c.Name, res.Err)
			assert.Positive(t, res.Err.Line, "%s: %v", c.Name, res.Err)
			assert.Equal(t, 1, res.ExitCode)
		})
	}
}
