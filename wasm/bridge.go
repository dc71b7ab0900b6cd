//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/hack-pad/safejs"
)

// namespace is the name of the object installed on globalThis.
const namespace = "flakylab"

// Error codes a rejected promise carries, as BRIDGE.md lists them.
const (
	codeBadRequest = "bad_request"
	codeTooLarge   = "too_large"
	codeBusy       = "busy"
	codeInternal   = "internal"
	codeFormat     = "format"
	codeNotFound   = "not_found"
)

// typeBigInt stands for the one JavaScript type syscall/js does not know,
// bigint, on whose values Type panics.
const typeBigInt safejs.Type = -1

// typeOf is v.Type() for every JavaScript value a page can pass,
// typeBigInt for a BigInt.
func typeOf(v safejs.Value) (t safejs.Type) {
	defer func() {
		if recover() != nil {
			t = typeBigInt
		}
	}()
	return v.Type()
}

// property reads v[key] with Reflect.get, inside a JavaScript call, so
// that a getter or a Proxy trap that throws comes back as an error.
// (Value.Get, Index and Length read in wasm_exec.js without catching: an
// exception there unwinds through the Go runtime and breaks the worker.)
// Values posted by the page host are structured clones, which have no
// getters; this is for callers of flakylab itself.
func property(v safejs.Value, key any) (safejs.Value, error) {
	r, err := safejs.Global().Get("Reflect")
	if err != nil {
		return safejs.Value{}, err
	}
	return r.Call("get", v, key)
}

// arrayLength reads an array's length through property.
func arrayLength(v safejs.Value) (int, error) {
	n, err := property(v, "length")
	if err != nil {
		return 0, err
	}
	if typeOf(n) != safejs.TypeNumber {
		return 0, errors.New("an array without a numeric length")
	}
	f, err := n.Float()
	if err != nil || f < 0 || f > 1<<32 {
		return 0, errors.New("an array with a strange length")
	}
	return int(f), nil
}

// bridgeError is what a rejected promise carries: {code, message}, plus a
// position for format errors.
type bridgeError struct {
	Code    string
	Message string
	Line    int
	Column  int
	HasPos  bool
}

func (e *bridgeError) Error() string { return e.Code + ": " + e.Message }

// js is the plain object JavaScript receives.
func (e *bridgeError) js() map[string]any {
	o := map[string]any{"code": e.Code, "message": e.Message}
	if e.HasPos {
		o["line"], o["column"] = e.Line, e.Column
	}
	return o
}

func badRequest(format string, a ...any) *bridgeError {
	return &bridgeError{Code: codeBadRequest, Message: fmt.Sprintf(format, a...)}
}

// internalError reports a Go panic caught at the bridge.
func internalError(where string, v any) *bridgeError {
	return &bridgeError{Code: codeInternal, Message: fmt.Sprintf("%s: the runtime failed: %v", where, v)}
}

// promise is a JavaScript Promise and the functions that settle it.
type promise struct {
	value           safejs.Value
	resolve, reject safejs.Value
}

// newPromise makes a pending Promise. The executor runs synchronously
// inside the Promise constructor, so it is released right after.
func newPromise() (*promise, error) {
	p := &promise{}
	executor, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) >= 2 {
			p.resolve, p.reject = args[0], args[1]
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	defer executor.Release()
	ctor, err := safejs.Global().Get("Promise")
	if err != nil {
		return nil, err
	}
	if p.value, err = ctor.New(executor); err != nil {
		return nil, err
	}
	if p.resolve.IsUndefined() || p.reject.IsUndefined() {
		return nil, errors.New("the Promise executor was not called")
	}
	return p, nil
}

// settle resolves p with v, or rejects it with berr. Errors from
// JavaScript here cannot be reported anywhere; they are dropped.
func (p *promise) settle(v any, berr *bridgeError) {
	if berr != nil {
		_, _ = p.reject.Invoke(berr.js())
		return
	}
	_, _ = p.resolve.Invoke(v)
}

// job is the part of a call that runs in its own goroutine.
type job func() (any, *bridgeError)

// asyncFunc makes a JavaScript function that returns a Promise. prepare
// runs synchronously and checks the arguments; the job it returns runs in
// a goroutine, so that JavaScript is not blocked while Go works. A panic
// in either part rejects the promise with code "internal": no Go panic
// crosses into JavaScript.
func asyncFunc(name string, prepare func(args []safejs.Value) (job, *bridgeError)) (safejs.Func, error) {
	return safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) (ret any) {
		p, err := newPromise()
		if err != nil {
			return nil
		}
		ret = p.value
		defer func() {
			if v := recover(); v != nil {
				p.settle(nil, internalError(name, v))
			}
		}()
		work, berr := prepare(args)
		if berr != nil {
			p.settle(nil, berr)
			return ret
		}
		go func() {
			defer func() {
				if v := recover(); v != nil {
					p.settle(nil, internalError(name, v))
				}
			}()
			p.settle(work())
		}()
		return ret
	})
}

// syncFunc makes a JavaScript function that does its work at once and
// returns a settled Promise: for quick calls (the widgets) that still
// need a way to report errors as {code, message}.
func syncFunc(name string, work func(args []safejs.Value) (any, *bridgeError)) (safejs.Func, error) {
	return safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) (ret any) {
		p, err := newPromise()
		if err != nil {
			return nil
		}
		ret = p.value
		defer func() {
			if v := recover(); v != nil {
				p.settle(nil, internalError(name, v))
			}
		}()
		p.settle(work(args))
		return ret
	})
}

// installed is the namespace as installed, with what it takes to remove
// it again (tests do; the program never does).
type installed struct {
	global safejs.Value
	ns     safejs.Value
	funcs  []safejs.Func
	ready  *promise
}

// release removes globalThis.flakylab and releases every function.
func (in *installed) release() {
	_ = in.global.Delete(namespace)
	for _, f := range in.funcs {
		f.Release()
	}
	in.funcs = nil
}

// install builds the namespace object on global and resolves its ready
// promise.
func install(global safejs.Value) (*installed, error) {
	in := &installed{global: global}
	ok := false
	defer func() {
		if !ok {
			in.release()
		}
	}()
	objectCtor, err := global.Get("Object")
	if err != nil {
		return nil, err
	}
	if in.ns, err = objectCtor.New(); err != nil {
		return nil, err
	}
	if in.ready, err = newPromise(); err != nil {
		return nil, err
	}
	if err := in.ns.Set("ready", in.ready.value); err != nil {
		return nil, err
	}
	if err := in.ns.Set("version", version()); err != nil {
		return nil, err
	}
	r := &runner{}
	for name, fn := range map[string]func() (safejs.Func, error){
		"run":    func() (safejs.Func, error) { return asyncFunc("run", r.prepareRun) },
		"format": func() (safejs.Func, error) { return asyncFunc("format", prepareFormat) },
	} {
		f, err := fn()
		if err != nil {
			return nil, err
		}
		in.funcs = append(in.funcs, f)
		if err := in.ns.Set(name, f); err != nil {
			return nil, err
		}
	}
	core, funcs, err := installCore(objectCtor)
	in.funcs = append(in.funcs, funcs...)
	if err != nil {
		return nil, err
	}
	if err := installGrader(core, &in.funcs); err != nil {
		return nil, err
	}
	if err := in.ns.Set("core", core); err != nil {
		return nil, err
	}
	if err := global.Set(namespace, in.ns); err != nil {
		return nil, err
	}
	ok = true
	in.ready.settle(true, nil)
	return in, nil
}

// interpreterVersion is the version of github.com/traefik/yaegi that go.mod
// requires (TestReadyAndVersion compares them). It is written here rather
// than read with debug.ReadBuildInfo, whose parser costs the runtime about
// 4 kB of its brotli size.
const interpreterVersion = "v0.16.1"

// version names the runtime's build: the Go release and the interpreter.
func version() string {
	return "flakylab runtime, " + runtime.Version() + ", yaegi " + interpreterVersion
}
