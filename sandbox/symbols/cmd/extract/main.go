// Command extract writes the interpreter's symbol table of each package
// it is given into the current directory: `yaegi extract`, compacted
// (sandbox/symbols/internal/compact). generate.go runs it.
//
//	go run ./cmd/extract strings
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/flakylab/flakylab/sandbox/symbols/internal/compact"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: extract package...")
		os.Exit(2)
	}
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "extract:", err)
		os.Exit(1)
	}
	for _, pkg := range os.Args[1:] {
		name, src, err := compact.Table(pkg, filepath.Base(dir))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := os.WriteFile(name, src, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "extract:", err)
			os.Exit(1)
		}
	}
}
