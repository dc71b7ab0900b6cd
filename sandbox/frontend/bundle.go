package frontend

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"sync"
)

//go:generate go run gen_stubs.go

// stubs holds the declarations of every package in Allowed, and of the
// packages their declarations refer to, as Go source without bodies,
// generated from the compiler's export data for GOOS=js GOARCH=wasm (see
// internal/stubgen for the format). TestStubsFresh fails when it no longer
// matches the sources, and TestStubsMatchExportData when a stub declares
// something else than its package.
//
//go:embed stubs.txt
var stubs []byte

// parseBundle splits a bundle into its entries, keyed by import path.
func parseBundle(bundle []byte) (map[string][]byte, error) {
	entries := map[string][]byte{}
	for len(bundle) > 0 {
		nl := bytes.IndexByte(bundle, '\n')
		if nl < 0 {
			return nil, errors.New("frontend: stubs: truncated header")
		}
		path, size, ok := bytes.Cut(bundle[:nl], []byte(" "))
		n, err := strconv.Atoi(string(size))
		if !ok || err != nil || n < 0 || n > len(bundle)-nl-1 {
			return nil, fmt.Errorf("frontend: stubs: bad header %q", bundle[:nl])
		}
		bundle = bundle[nl+1:]
		entries[string(path)] = bundle[:n]
		bundle = bundle[n:]
	}
	return entries, nil
}

// packageImporter serves the allowed packages by type-checking their stubs.
// A package is checked on its first import (with the stubs it imports) and
// shared by every later check: a types.Package is never changed once
// complete.
type packageImporter struct {
	mu      sync.Mutex
	fset    *token.FileSet
	entries map[string][]byte
	loaded  map[string]*types.Package // by import path, including the packages stubs import
}

var (
	sharedOnce     sync.Once
	sharedImporter *packageImporter
	sharedErr      error
)

// stubBase is where the stubs' positions start. A learner's check has its
// own file set, whose files lie far below: a position of a library object
// is in none of them and reads as unknown ("-"), as if it had none.
const stubBase = 1 << 30

// importer returns the process-wide importer, splitting the bundle once.
func importer() (*packageImporter, error) {
	sharedOnce.Do(func() { sharedImporter, sharedErr = newImporter() })
	return sharedImporter, sharedErr
}

// newImporter returns an importer that has checked no stub yet.
func newImporter() (*packageImporter, error) {
	entries, err := parseBundle(stubs)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	fset.AddFile("", -1, stubBase)
	return &packageImporter{
		fset:    fset,
		entries: entries,
		loaded:  map[string]*types.Package{},
	}, nil
}

// Import implements types.Importer for the allowed packages.
func (imp *packageImporter) Import(path string) (*types.Package, error) {
	if !isAllowed(path) {
		return nil, fmt.Errorf("package %s is not available", path)
	}
	imp.mu.Lock()
	defer imp.mu.Unlock()
	return imp.load(path)
}

// load returns the package at path, checking its stub the first time;
// imp.mu is held.
func (imp *packageImporter) load(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if pkg, ok := imp.loaded[path]; ok {
		return pkg, nil
	}
	src, ok := imp.entries[path]
	if !ok {
		return nil, fmt.Errorf("package %s is not available", path)
	}
	file, err := parser.ParseFile(imp.fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("frontend: stub of %s: %w", path, err)
	}
	conf := types.Config{Importer: stubImporter{imp}}
	pkg, err := conf.Check(path, imp.fset, []*ast.File{file}, nil)
	if err != nil {
		return nil, fmt.Errorf("frontend: stub of %s: %w", path, err)
	}
	imp.loaded[path] = pkg
	return pkg, nil
}

// stubImporter serves a stub's imports, which may name packages a learner
// cannot import; the caller holds the lock.
type stubImporter struct{ imp *packageImporter }

func (s stubImporter) Import(path string) (*types.Package, error) { return s.imp.load(path) }
