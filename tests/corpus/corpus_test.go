//go:build !(js && wasm)

package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"

	"github.com/flakylab/flakylab/sandbox"
	"github.com/flakylab/flakylab/sandbox/frontend"
	"github.com/flakylab/flakylab/sandbox/progfmt"
	"github.com/flakylab/flakylab/sandbox/symbols"
)

// native is what the Go toolchain makes of one program.
type native struct {
	stdout string
	stderr string
	err    error
}

// buildAll builds and runs every case natively, a few at a time, from
// its file in testdata (so that imports of the course's packages resolve
// in this module), with the binaries in a temporary directory.
func buildAll(t *testing.T, cases []Case, run bool) map[string]native {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	results := make(map[string]native, len(cases))
	var mu sync.Mutex
	sem := make(chan struct{}, max(2, runtime.NumCPU()))
	var wg sync.WaitGroup
	for _, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r := buildAndRun(dir, c, run)
			mu.Lock()
			results[c.Name] = r
			mu.Unlock()
		}()
	}
	wg.Wait()
	return results
}

// sourcePath is where a case's file is, relative to this package.
func sourcePath(c Case) string {
	dir := map[Kind]string{Valid: "valid", Invalid: "invalid", Unsupported: "unsupported"}[c.Kind]
	return filepath.Join("testdata", dir, c.Name+".go")
}

func buildAndRun(dir string, c Case, run bool) native {
	bin := filepath.Join(dir, c.Name)
	build := exec.Command("go", "build", "-o", bin, sourcePath(c))
	var stderr bytes.Buffer
	build.Stderr = &stderr
	if err := build.Run(); err != nil || !run {
		return native{stderr: stderr.String(), err: err}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return native{stdout: stdout.String(), stderr: stderr.String(), err: err}
}

// interpret runs a program the way the runtime does: front end, then the
// interpreter. Natively the whole standard library is offered (the front
// end already refuses other imports), with the runtime's tables for the
// course's packages.
func interpret(src []byte) (stdout string, diags []frontend.Diagnostic, err error) {
	prog, diags := frontend.Check(src, frontend.Options{})
	if len(diags) > 0 {
		return "", diags, nil
	}
	var out, errOut bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &errOut})
	if err := i.Use(stdlib.Symbols); err != nil {
		return "", nil, err
	}
	// The course's packages, from the runtime's generated tables.
	core := interp.Exports{}
	for key, table := range symbols.Symbols {
		if strings.HasPrefix(key, "github.com/flakylab/flakylab/core/") {
			core[key] = table
		}
	}
	if err := i.Use(core); err != nil {
		return "", nil, err
	}
	if err := i.Use(progfmt.Symbols(&progfmt.PanicNames{})); err != nil {
		return "", nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("interpreter panic: %v", r)
			}
		}()
		_, err := i.EvalWithContext(ctx, string(prog.Source))
		done <- err
	}()
	select {
	case err = <-done:
	case <-ctx.Done():
		err = errors.New("timed out")
	}
	return out.String(), nil, err
}

func TestCorpusSize(t *testing.T) {
	assert.GreaterOrEqual(t, len(Cases(Valid)), 60, "valid programs")
	assert.GreaterOrEqual(t, len(Cases(Invalid)), 6, "invalid programs")
}

// TestGoldenOutputIsGoRun keeps the recorded outputs honest: each is what
// the Go toolchain prints for its program today.
func TestGoldenOutputIsGoRun(t *testing.T) {
	cases := Cases(Valid)
	got := buildAll(t, cases, true)
	for _, c := range cases {
		r := got[c.Name]
		require.NoError(t, r.err, "%s: go run failed:\n%s", c.Name, r.stderr)
		assert.Equal(t, c.Stdout, r.stdout, "%s: want (golden) vs got (go run)", c.Name)
	}
}

// TestInterpreterMatchesGo is the differential test: front end plus
// interpreter print exactly what go run prints.
func TestInterpreterMatchesGo(t *testing.T) {
	for _, c := range Cases(Valid) {
		t.Run(c.Name, func(t *testing.T) {
			if raceEnabled && startsGoroutines(c.Source) {
				t.Skip("the interpreter's goroutines trip the race detector (see raceEnabled)")
			}
			if bytes.Contains(c.Source, []byte("\"os\"")) {
				t.Skip("here os is the test process's own; sandbox_test runs it with the runtime's")
			}
			if why, ok := needsRuntime[c.Name]; ok {
				t.Skip(why + "; sandbox_test runs it through the runtime")
			}
			got, diags, err := interpret(c.Source)
			require.Empty(t, diags, "%s: front end rejected a valid program", c.Name)
			require.NoError(t, err, "%s: interpreter error; output so far:\n%s", c.Name, got)
			assert.Equal(t, c.Stdout, got, "%s: want (go run) vs got (interpreter)", c.Name)
		})
	}
}

// needsRuntime lists the programs that only the runtime (package sandbox)
// runs as Go does, with why.
var needsRuntime = map[string]string{
	"prog_018_mutex_counter":                                fresh,
	"prog_093_recovered_runtime_errors":                     "recovered panic values are the runtime's (its rewrite keeps the program's own values and makes reflect's Go's)",
	"prog_207_recovered_shift_and_embedded_nil":             "recovered panic values are the runtime's, as for prog_093",
	"prog_208_assert_nil_interface_to_interface":            "recovered panic values are the runtime's, as for prog_093",
	"prog_260_panic_value_in_print_method":                  "a panic value of the program's type in a String method fmt calls itself is printed by the runtime's stand-in for it",
	"prog_270_go_statement_arguments_and_captures":          "the function value of a go statement is evaluated at the go statement by the runtime's rewrite of go statements; the interpreter alone reads the variable when the goroutine starts",
	"prog_282_failed_assertion_messages":                    "recovered panic values are the runtime's, as for prog_093",
	"prog_283_runtime_errors_of_strings_and_nil_interfaces": "recovered panic values are the runtime's, as for prog_093",
	"prog_285_closure_made_while_an_older_one_returns":      fresh,
	"prog_286_go_named_function_in_loop":                    fresh,
	"prog_287_go_literal_in_three_clause_loop":              fresh,
	"prog_288_go_literal_captures_range_value":              fresh,
	"prog_289_closures_sent_to_workers":                     fresh,
	"prog_290_waitgroup_go_and_afterfunc_in_loop":           fresh,
	"prog_291_deferred_literals_in_loop":                    fresh,
	"prog_293_recovered_runtime_error_types":                "recovered panic values are the runtime's, as for prog_093",
	"prog_295_sync_once_value_and_values":                   "a panic of the function is recovered and raised again by the helper, whose values are the runtime's, as for prog_093",
	"prog_486_value_method_on_nil_pointer_in_interface":     "recovered panic values are the runtime's, as for prog_093",
	"prog_298_go_method_of_loop_variable":                   "the receiver of a go statement's method is read when the goroutine starts by the interpreter alone; the runtime's rewrite calls the method on the front end's copy of it (sandbox/rewrite.go, loweredReceiver)",
	"prog_310_context_deadline_causes":                      "its deadlines wait on the runtime's virtual clock (here they would take seconds of real time)",
	"prog_312_go_value_method_through_pointer":              "as prog_298",
	"prog_432_deferred_value_method_through_pointer":        "recovered panic values are the runtime's, as for prog_093",
	"prog_502_range_array_pointer":                          "recovered panic values are the runtime's, as for prog_093",
	"prog_540_value_error_type_asserted":                    errorfOperand,
	"prog_541_value_receiver_unwrap_struct":                 errorfOperand,
	"prog_542_errors_is_on_value_struct_error":              errorfOperand,
	"prog_545_struct_errors_asserted_switched_compared":     errorfOperand + "; and recovered panic values are the runtime's, as for prog_093",
	"prog_546_struct_errors_asserted_on_goroutines":         errorfOperand,
	"prog_547_struct_error_chain_methods":                   errorfOperand,
	"prog_553_recovered_struct_error_type_name":             "recovered panic values are the runtime's, as for prog_093",
	"prog_554_struct_error_joining_errors":                  errorfOperand,
}

// errorfOperand is why the programs that give fmt.Errorf's %w a struct
// value of the program's need the runtime: it makes the value an error for
// fmt (sandbox/bind.go, mapTypes), where the interpreter alone hands fmt
// the bare struct ("%!w(struct ...)").
const errorfOperand = "a struct value of the program's given to fmt.Errorf's %w is made an error for fmt by the runtime (sandbox/bind.go, mapTypes)"

// fresh is why the programs of closureStress need the runtime: the
// interpreter alone may hand a loop an earlier iteration's closure when an
// older closure of the same literal returns meanwhile (stress_test.go);
// the runtime's rewrite makes each such literal in a frame of its own.
const fresh = "a function literal made in a loop while closures of it run elsewhere is made in a frame of its own by the runtime's rewrite (sandbox/freshclosures.go)"

// compilerLines turns go build's stderr into the golden form.
func compilerLines(c Case, stderr string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(stderr, "\n") {
		if line == "" || strings.HasPrefix(line, "# ") {
			continue
		}
		line = strings.TrimPrefix(line, sourcePath(c)+":")
		b.WriteString(strings.TrimPrefix(line, "./"+sourcePath(c)+":"))
	}
	return b.String()
}

// frontendLines formats diagnostics like compilerLines.
func frontendLines(diags []frontend.Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		if d.Line == 0 {
			b.WriteString(d.Message + "\n")
			continue
		}
		fmt.Fprintf(&b, "%d:%d: %s\n", d.Line, d.Column, d.Message)
	}
	return b.String()
}

// TestInvalidProgramsMatchCompiler checks each golden against go build and
// the front end's diagnostics against the golden.
func TestInvalidProgramsMatchCompiler(t *testing.T) {
	cases := Cases(Invalid)
	built := buildAll(t, cases, false)
	for _, c := range cases {
		r := built[c.Name]
		require.Error(t, r.err, "%s: go build accepted an invalid program", c.Name)
		assert.Equal(t, c.Errors, compilerLines(c, r.stderr), "%s: want (golden) vs got (go build)", c.Name)
		_, diags := frontend.Check(c.Source, frontend.Options{})
		want := strings.ReplaceAll(c.Errors, "runtime.main_main·f: ", "")
		assert.Equal(t, want, frontendLines(diags), "%s: want (go build) vs got (front end)", c.Name)
	}
}

// TestUnsupportedProgramsStillDiverge fails when the runtime learns to run
// one of the programs listed as unsupported, so that it moves to valid/.
func TestUnsupportedProgramsStillDiverge(t *testing.T) {
	cases := Cases(Unsupported)
	built := buildAll(t, cases, true)
	for _, c := range cases {
		r := built[c.Name]
		require.NoError(t, r.err, "%s: go run failed:\n%s", c.Name, r.stderr)
		if usesReservedName(c.Source) {
			// What such a name breaks is the runtime's rewrite, which
			// the plain interpreter here leaves out: the refusal stays.
			continue
		}
		got, diags, err := interpret(c.Source)
		if len(diags) > 0 || err != nil {
			continue
		}
		assert.NotEqual(t, r.stdout, got, "%s now matches go run: move it to testdata/valid with its output", c.Name)
	}
}

// usesReservedName reports whether src has a name the runtime keeps for
// its helpers (sandbox.IsReserved), which the runtime refuses before its
// front end and rewrite see the program.
func usesReservedName(src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && sandbox.IsReserved(id.Name) {
			found = true
		}
		return !found
	})
	return found
}
