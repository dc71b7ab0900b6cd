// Command mergedata rewrites the data section of WebAssembly modules built
// by the Go toolchain as one segment, in place (see package datasection:
// the same memory at instantiation, about 140 kB less brotli for the
// course's runtime). With -strip-lines it also takes the file and line
// tables out of the runtime's function table (see package pclntab:
// tracebacks of the runtime's own code then say "?:0").
//
//	go run ./wasm/cmd/mergedata [-strip-lines] file.wasm ...
//
// A module it cannot rewrite faithfully is left as it is, with an error.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/flakylab/flakylab/wasm/internal/datasection"
	"github.com/flakylab/flakylab/wasm/internal/pclntab"
)

func main() {
	stripLines := flag.Bool("strip-lines", false, "also remove the file and line tables of the runtime's function table")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: mergedata [-strip-lines] file.wasm ...")
		os.Exit(2)
	}
	for _, path := range flag.Args() {
		if err := rewrite(path, *stripLines); err != nil {
			fmt.Fprintf(os.Stderr, "mergedata: %s: %v\n", path, err)
			os.Exit(1)
		}
	}
}

func rewrite(path string, stripLines bool) error {
	in, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var lines pclntab.Stats
	var edit func([]byte) error
	if stripLines {
		edit = func(mem []byte) (err error) {
			lines, err = pclntab.StripLines(mem)
			return err
		}
	}
	out, st, err := datasection.MergeEdited(in, edit)
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d data segments (%d bytes) -> 1 of %d bytes; module %d -> %d bytes\n",
		filepath.Base(path), st.Segments, st.Bytes, st.Span, len(in), len(out))
	if stripLines {
		fmt.Printf("%s: line tables of %d functions removed, %d bytes zeroed\n", filepath.Base(path), lines.Funcs, lines.Zeroed)
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".mergedata-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(out); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
