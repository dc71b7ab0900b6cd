//go:build js && wasm

package main

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"
	"time"

	"github.com/hack-pad/safejs"

	"github.com/flakylab/flakylab/sandbox"
)

// maxOutputLimit bounds the maxOutput a page may ask for.
const maxOutputLimit = 16 << 20

// runner serves flakylab.run: one program at a time.
type runner struct {
	busy atomic.Bool
}

// runRequest is a checked flakylab.run request.
type runRequest struct {
	source string
	opts   sandbox.Options
}

// prepareRun checks the request synchronously, so that bad input is
// refused before anything starts, and claims the runner.
func (r *runner) prepareRun(args []safejs.Value) (job, *bridgeError) {
	if len(args) < 1 {
		return nil, badRequest("run expects a request object {source, ...}")
	}
	req, berr := parseRunRequest(args[0])
	if berr != nil {
		return nil, berr
	}
	if !r.busy.CompareAndSwap(false, true) {
		return nil, &bridgeError{Code: codeBusy, Message: "a program is already running; wait for it to finish"}
	}
	return func() (any, *bridgeError) {
		defer r.busy.Store(false)
		res := sandbox.Run(context.Background(), req.source, req.opts)
		o := resultObject(res)
		if req.opts.Harness != "" {
			gradedFields(o, res)
		}
		return o, nil
	}, nil
}

// parseRunRequest reads {source, realTime?, seed?, maxOutput?, harness?,
// onStdout?, onStderr?, onInput?}.
func parseRunRequest(v safejs.Value) (runRequest, *bridgeError) {
	var req runRequest
	if typeOf(v) != safejs.TypeObject || isArray(v) {
		return req, badRequest("run expects a request object {source, ...}, got %s", describe(v))
	}
	src, berr := sourceString(v, "run: source")
	if berr != nil {
		return req, berr
	}
	req.source = src

	read := func(name string) (safejs.Value, *bridgeError) {
		f, err := property(v, name)
		if err != nil {
			return f, badRequest("run: %s cannot be read: %v", name, err)
		}
		return f, nil
	}
	f, berr := read("realTime")
	if berr != nil {
		return req, berr
	}
	if present(f) {
		if typeOf(f) != safejs.TypeBoolean {
			return req, badRequest("run: realTime must be a boolean, got %s", describe(f))
		}
		req.opts.RealTime, _ = f.Bool()
	}
	if f, berr = read("seed"); berr != nil {
		return req, berr
	}
	if present(f) {
		n, ok := integer(f, -(1 << 53), 1<<53)
		if !ok {
			return req, badRequest("run: seed must be an integer, got %s", describe(f))
		}
		req.opts.Seed = n
	}
	if f, berr = read("maxOutput"); berr != nil {
		return req, berr
	}
	if present(f) {
		n, ok := integer(f, 1, maxOutputLimit)
		if !ok {
			return req, badRequest("run: maxOutput must be a whole number of bytes from 1 to %d, got %s", maxOutputLimit, describe(f))
		}
		req.opts.MaxOutput = int(n)
	}
	if f, berr = read("harness"); berr != nil {
		return req, berr
	}
	if present(f) {
		h, berr := sourceString(f, "run: harness")
		if berr != nil {
			return req, berr
		}
		if h == "" {
			return req, badRequest("run: harness must not be empty")
		}
		req.opts.Harness = h
	}
	for _, cb := range []struct {
		name string
		dst  *func(string)
	}{{"onStdout", &req.opts.Stdout}, {"onStderr", &req.opts.Stderr}, {"onInput", &req.opts.OnInput}} {
		f, berr := read(cb.name)
		if berr != nil {
			return req, berr
		}
		if !present(f) {
			continue
		}
		if typeOf(f) != safejs.TypeFunction {
			return req, badRequest("run: %s must be a function, got %s", cb.name, describe(f))
		}
		fn := f
		// An exception in the page's callback must not stop the program.
		*cb.dst = func(chunk string) { _, _ = fn.Invoke(chunk) }
	}
	return req, nil
}

// sourceString reads v.source, refusing a non-string or an oversized one
// before copying it into Go.
func sourceString(v safejs.Value, what string) (string, *bridgeError) {
	src := v
	if typeOf(v) == safejs.TypeObject {
		var err error
		if src, err = property(v, "source"); err != nil {
			return "", badRequest("%s: %v", what, err)
		}
	}
	if typeOf(src) != safejs.TypeString {
		return "", badRequest("%s must be a string, got %s", what, describe(src))
	}
	// length counts UTF-16 units; a string can be up to three times as
	// long in UTF-8, so check both.
	if n, err := stringLength(src); err != nil || n > sandbox.MaxSourceBytes {
		return "", tooLarge(what, n)
	}
	s, err := src.String()
	if err != nil {
		return "", badRequest("%s: %v", what, err)
	}
	if len(s) > sandbox.MaxSourceBytes {
		return "", tooLarge(what, len(s))
	}
	return s, nil
}

// stringLength is a JavaScript string's length, read without copying the
// string into Go (Length works on objects only, so box it first).
func stringLength(s safejs.Value) (int, error) {
	object, err := safejs.Global().Get("Object")
	if err != nil {
		return 0, err
	}
	boxed, err := object.Invoke(s)
	if err != nil {
		return 0, err
	}
	return boxed.Length()
}

func tooLarge(what string, n int) *bridgeError {
	return &bridgeError{Code: codeTooLarge, Message: fmt.Sprintf("%s is %d bytes or more; the limit is %d", what, n, sandbox.MaxSourceBytes)}
}

// resultObject is the RunResult BRIDGE.md describes.
func resultObject(res sandbox.Result) map[string]any {
	o := map[string]any{
		"stdout":           res.Stdout,
		"stderr":           res.Stderr,
		"truncated":        res.Truncated,
		"virtualElapsedMs": ms(res.VirtualElapsed),
		"realElapsedMs":    ms(res.RealElapsed),
		"exitCode":         res.ExitCode,
		"error":            nil,
		"errors":           []any{},
		"clean":            res.Leftover == "",
		"leftover":         res.Leftover,
	}
	if e := res.Err; e != nil {
		o["error"] = errorObject(e)
	}
	errs := make([]any, len(res.Errors))
	for i, e := range res.Errors {
		errs[i] = errorObject(e)
	}
	o["errors"] = errs
	return o
}

// gradedFields adds what a graded run's checks reported: verdict (null
// if they never reported) and the last input they announced.
func gradedFields(o map[string]any, res sandbox.Result) {
	o["verdict"] = nil
	if res.Verdict != "" {
		o["verdict"] = res.Verdict
	}
	o["input"] = res.Input
}

func errorObject(e *sandbox.Error) map[string]any {
	return map[string]any{"kind": string(e.Kind), "message": e.Message, "line": e.Line, "column": e.Column}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// prepareFormat checks format's argument: the source string itself.
func prepareFormat(args []safejs.Value) (job, *bridgeError) {
	if len(args) < 1 {
		return nil, badRequest("format expects the source as a string")
	}
	src, berr := sourceString(args[0], "format: source")
	if berr != nil {
		return nil, berr
	}
	return func() (any, *bridgeError) {
		out, err := sandbox.Format(src)
		if err != nil {
			return nil, &bridgeError{Code: codeFormat, Message: err.Message, Line: err.Line, Column: err.Column, HasPos: true}
		}
		return map[string]any{"source": out}, nil
	}, nil
}

// present reports whether a field was given: undefined and null are not.
func present(v safejs.Value) bool { return !v.IsUndefined() && !v.IsNull() }

func isArray(v safejs.Value) bool {
	arr, err := safejs.Global().Get("Array")
	if err != nil {
		return false
	}
	res, err := arr.Call("isArray", v)
	if err != nil {
		return false
	}
	b, _ := res.Bool()
	return b
}

// integer reads a JavaScript number that must be a whole number in
// [lo, hi].
func integer(v safejs.Value, lo, hi int64) (int64, bool) {
	if typeOf(v) != safejs.TypeNumber {
		return 0, false
	}
	f, err := v.Float()
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		return 0, false
	}
	return int64(f), true
}

// describe names a value's type for error messages, without its content.
func describe(v safejs.Value) string {
	switch {
	case v.IsUndefined():
		return "undefined"
	case v.IsNull():
		return "null"
	case isArray(v):
		return "an array"
	}
	switch typeOf(v) {
	case safejs.TypeNumber:
		f, _ := v.Float()
		return fmt.Sprintf("the number %v", f)
	case safejs.TypeString:
		n, _ := stringLength(v)
		return fmt.Sprintf("a string of length %d", n)
	}
	if t := typeOf(v); t != typeBigInt {
		return "a " + t.String()
	}
	return "a bigint"
}
