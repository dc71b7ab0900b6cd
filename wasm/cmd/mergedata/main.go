// Command mergedata rewrites the data section of WebAssembly modules built
// by the Go toolchain as one segment, in place (see package datasection:
// the same memory at instantiation, about 140 kB less brotli for the
// course's runtime).
//
//	go run ./wasm/cmd/mergedata file.wasm ...
//
// A module it cannot rewrite faithfully is left as it is, with an error.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/flakylab/flakylab/wasm/internal/datasection"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: mergedata file.wasm ...")
		os.Exit(2)
	}
	for _, path := range os.Args[1:] {
		if err := rewrite(path); err != nil {
			fmt.Fprintf(os.Stderr, "mergedata: %s: %v\n", path, err)
			os.Exit(1)
		}
	}
}

func rewrite(path string) error {
	in, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, st, err := datasection.Merge(in)
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d data segments (%d bytes) -> 1 of %d bytes; module %d -> %d bytes\n",
		filepath.Base(path), st.Segments, st.Bytes, st.Span, len(in), len(out))
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
