// Package native runs check programs outside the browser, through the same
// sandbox the browser runtime uses (sandbox: the allow-list, virtual
// time, captured output), for the grader's tests and its command.
package native

import (
	"context"
	"errors"
	"io"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/sandbox"
)

// Run runs program until it ends or ctx is done, and returns what it
// printed to standard output.
func Run(ctx context.Context, program string) (string, *exercises.RunError) {
	res := sandbox.Run(ctx, program, sandbox.Options{})
	return res.Stdout, runError(ctx, res.Err)
}

// Runner is Run as an exercises.Runner.
var Runner = exercises.RunnerFunc(Run)

// Stream runs program like Run, writing its standard output to stdout as
// it is produced.
func Stream(ctx context.Context, program string, stdout io.Writer) *exercises.RunError {
	res := sandbox.Run(ctx, program, sandbox.Options{
		Stdout: func(chunk string) { io.WriteString(stdout, chunk) },
	})
	return runError(ctx, res.Err)
}

// runError translates the sandbox's error, telling a run stopped by ctx's
// deadline (a timeout) from other stops.
func runError(ctx context.Context, e *sandbox.Error) *exercises.RunError {
	if e == nil {
		return nil
	}
	kind := string(e.Kind)
	if e.Kind == sandbox.KindRuntime && ctx.Err() != nil {
		kind = "stopped"
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			kind = "timeout"
		}
	}
	return &exercises.RunError{Kind: kind, Message: e.Message, Line: e.Line, Column: e.Column}
}
