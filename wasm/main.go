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
	"fmt"
	"io"
	"log"

	"github.com/hack-pad/safejs"

	"github.com/flakylab/flakylab/wasm/frontend"
)

func main() {
	// The interpreter logs its internal failures before it panics; the
	// bridge reports them as structured errors instead.
	log.SetOutput(io.Discard)
	if _, err := install(safejs.Global()); err != nil {
		fmt.Println("flakylab: cannot install globalThis.flakylab:", err)
	}
	// ready has resolved; decode the allowed packages' type information
	// and run the type checker once while the page has nothing to run, so
	// that the first learner's run does not pay for it.
	go frontend.Warm()
	select {}
}
