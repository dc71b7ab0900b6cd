//go:build js && wasm

// Command wasm is the flakylab browser runtime, built as flakylab.wasm for
// GOOS=js GOARCH=wasm and run in a Web Worker. It installs one namespace
// object, globalThis.flakylab, through which the page runs learner
// programs (wasm/sandbox), formats them, and drives the lesson widgets
// (core packages behind handles). BRIDGE.md is the contract.
//
// main never returns: a Go program that exits can no longer answer
// JavaScript.
package main

import (
	"context"
	"fmt"
	"io"
	"log"

	"github.com/hack-pad/safejs"

	"github.com/flakylab/flakylab/wasm/sandbox"
)

func main() {
	// The interpreter logs its internal failures before it panics; the
	// bridge reports them as structured errors instead.
	log.SetOutput(io.Discard)
	if _, err := install(safejs.Global(), warmUp); err != nil {
		fmt.Println("flakylab: cannot install globalThis.flakylab:", err)
	}
	select {}
}

// warmProgram exercises what most lesson programs use: parsing and
// wrapping a snippet, the interpreter, fmt, strings, virtual time, a
// goroutine and a channel, an interpreted generic package and a core one.
const warmProgram = `b, _ := bucket.New(2, 1)
done := make(chan string)
go func() {
	time.Sleep(time.Second)
	done <- strings.ToUpper("ok")
}()
xs := []int{3, 1, 2}
slices.Sort(xs)
fmt.Println(b.AllowAt(time.Now()), <-done, xs, time.Since(time.Now()))
`

// warmUp runs warmProgram once. WebAssembly engines compile a function
// the first time it runs, so the first program would otherwise pay for
// compiling most of the interpreter (half a second or more); this moves
// that cost before ready resolves, where the page's warm standby worker
// absorbs it.
func warmUp() {
	sandbox.Run(context.Background(), warmProgram, sandbox.Options{})
	_, _ = sandbox.Format(warmProgram)
}
