package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/internal/native"
)

// runMarker starts the line on which a child reports how its run ended.
const runMarker = "@@run "

// childStack bounds a child's goroutine stacks, so that endless recursion
// crashes the child quickly instead of eating a gigabyte first.
const childStack = 256 << 20

// child runs the program read from in, streaming its output to out, and
// reports how the run ended on errOut as a runMarker line. Its parent kills
// it when the check's time is up, keeping what it printed so far.
func child(in io.Reader, out, errOut io.Writer) int {
	debug.SetMaxStack(childStack)
	src, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintln(errOut, "check: reading the program:", err)
		return 3
	}
	runErr := native.Stream(context.Background(), string(src), out)
	b, err := json.Marshal(runErr)
	if err != nil {
		return 3
	}
	fmt.Fprintf(errOut, "\n%s%s\n", runMarker, b)
	return 0
}

// processRunner runs each program in a fresh child process, so that a
// program that never ends, or crashes the interpreter, takes only its own
// check down.
type processRunner struct {
	exe string
}

func (p processRunner) Run(ctx context.Context, program string) (string, *exercises.RunError) {
	cmd := exec.CommandContext(ctx, p.exe)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdin = strings.NewReader(program)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = killGrace
	err := cmd.Run()
	if ctx.Err() != nil {
		kind := "stopped"
		if ctx.Err() == context.DeadlineExceeded {
			kind = "timeout"
		}
		return stdout.String(), &exercises.RunError{Kind: kind, Message: ctx.Err().Error()}
	}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, runMarker); ok && err == nil {
			var runErr *exercises.RunError
			if jerr := json.Unmarshal([]byte(rest), &runErr); jerr == nil {
				return stdout.String(), runErr
			}
		}
	}
	return stdout.String(), &exercises.RunError{Kind: "crash", Message: lastWords(stderr.String(), err)}
}

// lastWords picks the line that explains a crash: "fatal error: stack
// overflow", "runtime: out of memory", or else the process's exit status.
func lastWords(stderr string, err error) string {
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "fatal error:") || strings.HasPrefix(line, "runtime:") || strings.HasPrefix(line, "panic:") {
			return strings.TrimSpace(line)
		}
	}
	if err != nil {
		return err.Error()
	}
	return "the checker's child process gave no result"
}
