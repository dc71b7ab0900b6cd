//go:build ignore

// This program regenerates stubs.txt, the declarations of every allowed
// package and of what they refer to; `go generate` runs it from this
// directory.
package main

import (
	"log"
	"os"

	"github.com/flakylab/flakylab/sandbox/frontend"
	"github.com/flakylab/flakylab/sandbox/frontend/internal/stubgen"
)

func main() {
	data, err := stubgen.Generate(".", frontend.Allowed)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("stubs.txt", data, 0o644); err != nil {
		log.Fatal(err)
	}
}
