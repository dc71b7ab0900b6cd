package gotest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/flakylab/flakylab/sandbox"
)

// Class is how a program fared.
type Class string

// The classes of a run program.
const (
	Pass         Class = "pass"                // printed the expected output, exit 0
	Refused      Class = "refused"             // "not supported by the playground: ..." at a line
	Wrong        Class = "wrong output"        // ran, and printed or ended differently from go run
	FalseCompile Class = "false compile error" // rejected valid Go
	Internal     Class = "internal error"      // the engine itself failed or crashed
	Timeout      Class = "timeout"             // did not finish in time
)

// Flaky marks an entry of the known-failures list, never an outcome: a
// program whose outcome varies from run to run (a race among its
// goroutines inside the interpreter). Any outcome of it is accepted and
// logged; its entry says what it has been seen to do.
const Flaky Class = "flaky"

// The classes of an errorcheck program (with Internal and Timeout).
const (
	Rejected  Class = "rejected"   // rejected, first error on an ERROR line
	WrongLine Class = "wrong line" // rejected, first error elsewhere
	Accepted  Class = "accepted"   // not rejected: the engine ran invalid Go
)

// Failing reports whether a program of this class must be in the
// known-failures list: wrong answers, false compile errors, engine
// failures, timeouts, and invalid programs that were accepted.
func (c Class) Failing() bool {
	switch c {
	case Wrong, FalseCompile, Internal, Timeout, Accepted:
		return true
	}
	return false
}

// Outcome is the result of running one program.
type Outcome struct {
	Program Program
	Class   Class
	// Detail says what happened, for people: the first error, or how the
	// output differs.
	Detail  string
	Elapsed time.Duration
}

// Runner runs programs through a built sandbox/cmd/run.
type Runner struct {
	// Binary is the path of the built sandbox/cmd/run.
	Binary string
	// Timeout is each program's time limit.
	Timeout time.Duration
	// Dir is a scratch directory for result files.
	Dir string
}

// BuildRunner builds sandbox/cmd/run into dir with the go command and
// returns its path; moduleRoot is the flakylab module's directory.
func BuildRunner(moduleRoot, dir string) (string, error) {
	bin := filepath.Join(dir, "run")
	cmd := exec.Command("go", "build", "-o", bin, "./sandbox/cmd/run")
	cmd.Dir = moduleRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./sandbox/cmd/run: %v\n%s", err, out)
	}
	return bin, nil
}

// refusal is the wording of a clear refusal.
const refusal = "not supported by the playground"

// Run runs p and classifies the outcome.
func (r *Runner) Run(ctx context.Context, p Program) Outcome {
	began := time.Now()
	o := r.run(ctx, p)
	o.Program, o.Elapsed = p, time.Since(began)
	return o
}

func (r *Runner) run(ctx context.Context, p Program) Outcome {
	resultFile, err := os.CreateTemp(r.Dir, "result-*.json")
	if err != nil {
		return Outcome{Class: Internal, Detail: "suite: " + err.Error()}
	}
	resultFile.Close()
	defer os.Remove(resultFile.Name())

	// The run stops itself at the limit; the process is killed a little
	// later, since a loop that never yields cannot be stopped from inside.
	ctx, cancel := context.WithTimeout(ctx, r.Timeout+2*time.Second)
	defer cancel()
	args := []string{"-timeout", r.Timeout.String(), "-result", resultFile.Name()}
	if p.Action == ActionErrorcheck {
		// Invalid Go must be caught before it runs; running it proves
		// nothing more and may take long.
		args = append(args, "-compile-only")
	}
	cmd := exec.CommandContext(ctx, r.Binary, append(args, "-")...)
	cmd.Stdin = bytes.NewReader(p.Source)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out // one pipe: the streams interleave as written
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return Outcome{Class: Timeout, Detail: fmt.Sprintf("killed after %s", r.Timeout+2*time.Second)}
	}
	data, err := os.ReadFile(resultFile.Name())
	var res sandbox.Result
	if err != nil || len(data) == 0 || json.Unmarshal(data, &res) != nil {
		return Outcome{Class: Internal, Detail: "the engine crashed: " + crashSummary(runErr, out.String())}
	}
	if p.Action == ActionErrorcheck {
		return classifyErrorcheck(p, res)
	}
	return classifyRun(p, res, out.String())
}

func classifyRun(p Program, res sandbox.Result, combined string) Outcome {
	e := res.Err
	switch {
	case e == nil && combined == p.Want:
		return Outcome{Class: Pass}
	case e == nil:
		return Outcome{Class: Wrong, Detail: difference(p.Want, combined)}
	case e.Kind == sandbox.KindInternal:
		return Outcome{Class: Internal, Detail: describe(e)}
	case e.Kind == sandbox.KindRuntime && strings.Contains(e.Message, "time limit"):
		return Outcome{Class: Timeout, Detail: describe(e)}
	case e.Kind == sandbox.KindUnsupported && strings.Contains(e.Message, refusal) && e.Line > 0:
		return Outcome{Class: Refused, Detail: describe(e)}
	case e.Kind == sandbox.KindCompile || e.Kind == sandbox.KindUnsupported || e.Kind == sandbox.KindImport:
		return Outcome{Class: FalseCompile, Detail: describe(e)}
	}
	return Outcome{Class: Wrong, Detail: describe(e) + "; " + difference(p.Want, combined)}
}

func classifyErrorcheck(p Program, res sandbox.Result) Outcome {
	e := res.Err
	switch {
	case e == nil:
		return Outcome{Class: Accepted, Detail: "compiled without an error"}
	case e.Kind == sandbox.KindInternal:
		return Outcome{Class: Internal, Detail: describe(e)}
	case e.Kind == sandbox.KindRuntime && strings.Contains(e.Message, "time limit"):
		return Outcome{Class: Timeout, Detail: describe(e)}
	case e.Kind != sandbox.KindCompile && e.Kind != sandbox.KindUnsupported && e.Kind != sandbox.KindImport:
		return Outcome{Class: Accepted, Detail: "ran and failed: " + describe(e)}
	case p.ErrorLines[e.Line]:
		return Outcome{Class: Rejected, Detail: describe(e)}
	}
	return Outcome{Class: WrongLine, Detail: describe(e)}
}

func describe(e *sandbox.Error) string {
	return fmt.Sprintf("%s: %s", e.Kind, e.Error())
}

// difference describes the first line where got departs from want.
func difference(want, got string) string {
	wl, gl := strings.SplitAfter(want, "\n"), strings.SplitAfter(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d: want %s, got %s", i+1, clip(w), clip(g))
		}
	}
	return "output differs"
}

func clip(s string) string {
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return fmt.Sprintf("%q", s)
}

// crashSummary keeps the telling part of a crashed child's output.
func crashSummary(err error, out string) string {
	var exit *exec.ExitError
	msg := "no result"
	if errors.As(err, &exit) {
		msg = exit.String()
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "fatal error:") || strings.HasPrefix(line, "runtime: ") || strings.HasPrefix(line, "panic:") {
			return msg + ": " + clip(line)
		}
	}
	return msg
}
