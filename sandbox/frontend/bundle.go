package frontend

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
)

//go:generate go run gen_export.go

// exportData holds the type information of every package in Allowed, as
// built for GOOS=js GOARCH=wasm (see internal/exportgen for the format).
// TestExportDataFresh fails when it no longer matches the sources.
//
//go:embed exportdata.bin
var exportData []byte

// parseBundle splits a bundle into its entries, keyed by import path.
func parseBundle(bundle []byte) (map[string][]byte, error) {
	entries := map[string][]byte{}
	for len(bundle) > 0 {
		nl := bytes.IndexByte(bundle, '\n')
		if nl < 0 {
			return nil, errors.New("frontend: export data: truncated header")
		}
		path, size, ok := bytes.Cut(bundle[:nl], []byte(" "))
		n, err := strconv.Atoi(string(size))
		if !ok || err != nil || n < 0 || n > len(bundle)-nl-1 {
			return nil, fmt.Errorf("frontend: export data: bad header %q", bundle[:nl])
		}
		bundle = bundle[nl+1:]
		entries[string(path)] = bundle[:n]
		bundle = bundle[n:]
	}
	return entries, nil
}

// packageImporter serves the allowed packages from the embedded export
// data. Packages are decoded on first use and shared by every later check:
// a types.Package is never changed once complete.
type packageImporter struct {
	mu      sync.Mutex
	fset    *token.FileSet
	entries map[string][]byte
	loaded  map[string]*types.Package // by import path, including partial dependencies
	done    map[string]bool
}

var (
	sharedOnce     sync.Once
	sharedImporter *packageImporter
	sharedErr      error
)

// importer returns the process-wide importer, decoding the bundle once.
func importer() (*packageImporter, error) {
	sharedOnce.Do(func() {
		entries, err := parseBundle(exportData)
		if err != nil {
			sharedErr = err
			return
		}
		sharedImporter = &packageImporter{
			fset:    token.NewFileSet(),
			entries: entries,
			loaded:  map[string]*types.Package{},
			done:    map[string]bool{},
		}
	})
	return sharedImporter, sharedErr
}

// Import implements types.Importer for the allowed packages.
func (imp *packageImporter) Import(path string) (*types.Package, error) {
	imp.mu.Lock()
	defer imp.mu.Unlock()
	if imp.done[path] {
		return imp.loaded[path], nil
	}
	data, ok := imp.entries[path]
	if !ok {
		return nil, fmt.Errorf("package %s is not available", path)
	}
	pkg, err := gcexportdata.Read(bytes.NewReader(data), imp.fset, imp.loaded, path)
	if err != nil {
		return nil, fmt.Errorf("frontend: export data for %s: %w", path, err)
	}
	imp.done[path] = true
	return pkg, nil
}
