//go:build js && wasm

// Command wasm is the flakylab browser runtime, built as flakylab.wasm for
// GOOS=js GOARCH=wasm and run in a Web Worker. It installs one namespace
// object, globalThis.flakylab, through which the page runs learner
// programs (sandbox), formats them, and drives the lesson widgets
// (core packages behind handles). BRIDGE.md is the contract.
//
// main never returns: a Go program that exits can no longer answer
// JavaScript.
package main

import (
	"fmt"

	"github.com/hack-pad/safejs"
)

func main() {
	// The interpreter, as the runtime builds it (wasm/cmd/trimyaegi), no
	// longer logs its internal failures before it panics; the bridge
	// reports them as structured errors.
	if _, err := install(safejs.Global()); err != nil {
		fmt.Println("flakylab: cannot install globalThis.flakylab:", err)
	}
	// No frontend.Warm here. Measured in headless Chromium (webbench):
	// warming the front end right after ready held the host's warm-up run
	// back, so the page became ready 0.3 to 0.5 s later, to save about
	// 0.05 s on the first run; the host's warm-up run goes through the
	// type checker anyway, and each package's type information is decoded
	// on first import.
	select {}
}
