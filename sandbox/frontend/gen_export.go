//go:build ignore

// This program regenerates exportdata.bin, the type information of every
// allowed package; `go generate` runs it from this directory.
package main

import (
	"log"
	"os"

	"github.com/flakylab/flakylab/sandbox/frontend"
	"github.com/flakylab/flakylab/sandbox/frontend/internal/exportgen"
)

func main() {
	data, err := exportgen.Generate(".", frontend.Allowed)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("exportdata.bin", data, 0o644); err != nil {
		log.Fatal(err)
	}
}
