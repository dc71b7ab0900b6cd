// Package native runs checks outside the browser, through the same
// sandbox the browser runtime uses (sandbox: the allow-list, virtual
// time, captured output, the sealed graded run), for the grader's tests
// and its command.
package native

import (
	"context"
	"errors"
	"io"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/sandbox"
)

// Run runs the learner's file src under harness until the run ends or ctx
// is done.
func Run(ctx context.Context, src, harness string) exercises.RunOutput {
	res := sandbox.Run(ctx, src, sandbox.Options{Harness: harness})
	return Output(ctx, res)
}

// Runner is Run as an exercises.Runner.
var Runner = exercises.RunnerFunc(Run)

// Stream runs like Run, writing the standard output to stdout as it is
// produced.
func Stream(ctx context.Context, src, harness string, stdout io.Writer) exercises.RunOutput {
	res := sandbox.Run(ctx, src, sandbox.Options{
		Harness: harness,
		Stdout:  func(chunk string) { io.WriteString(stdout, chunk) },
	})
	return Output(ctx, res)
}

// Output translates a sandbox result into the grader's terms, telling a
// run stopped by ctx's deadline (a timeout) from other stops.
func Output(ctx context.Context, res sandbox.Result) exercises.RunOutput {
	out := exercises.RunOutput{Stdout: res.Stdout, Verdict: res.Verdict, Input: res.Input}
	if e := res.Err; e != nil {
		kind := string(e.Kind)
		if e.Kind == sandbox.KindRuntime && ctx.Err() != nil {
			kind = "stopped"
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				kind = "timeout"
			}
		}
		out.Error = &exercises.RunError{Kind: kind, Message: e.Message, Line: e.Line, Column: e.Column}
	}
	return out
}
