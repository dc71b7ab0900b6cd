// Package exportgen produces the type information that the front end embeds:
// it asks the go command for the compiler's export data of each allowed
// package as built for GOOS=js GOARCH=wasm, loads it with go/importer, and
// writes the loaded go/types objects again in the project's own compact
// format (internal/apidata), which keeps the API (names and types: every
// exported object and every type it reaches, unexported ones and other
// packages' included) and drops function bodies. A package's entry
// therefore changes only when its API changes. The runtime reads it with
// go/types' constructors alone, without the toolchain's export-data
// readers (x/tools' gcexportdata and what it pulls in: the runtime's
// brotli size went from 2 607 275 to 2 570 999 bytes with this format).
//
// Positions are left out: the front end never shows where a library
// declares something (go/types names an imported type parameter
// "declared at -" either way).
package exportgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"

	"github.com/flakylab/flakylab/sandbox/frontend/internal/apidata"
)

// Generate returns the bundle for the given import paths, built for
// GOOS=js GOARCH=wasm from the module that contains dir.
func Generate(dir string, paths []string) ([]byte, error) {
	pkgs, err := Load(dir, paths)
	if err != nil {
		return nil, err
	}
	return apidata.Write(pkgs)
}

// Load returns the packages in paths as go/importer loads them from the
// compiler's export data, built for GOOS=js GOARCH=wasm from the module
// that contains dir.
func Load(dir string, paths []string) ([]*types.Package, error) {
	files, err := exportFiles(dir, paths)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	lookup := func(path string) (io.ReadCloser, error) {
		f, ok := files[path]
		if !ok {
			return nil, fmt.Errorf("exportgen: no export data for %q", path)
		}
		return os.Open(f)
	}
	imp := importer.ForCompiler(fset, "gc", lookup)
	var pkgs []*types.Package
	for _, path := range paths {
		pkg, err := imp.Import(path)
		if err != nil {
			return nil, fmt.Errorf("exportgen: load %s: %w", path, err)
		}
		pkgs = append(pkgs, pkg)
	}
	return pkgs, nil
}

// exportFiles maps each package in paths and their dependencies to the
// file holding its export data.
func exportFiles(dir string, paths []string) (map[string]string, error) {
	// -trimpath keeps this machine's paths out of the positions in the data.
	args := append([]string{"list", "-trimpath", "-export", "-deps", "-json=ImportPath,Export,Error"}, paths...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("exportgen: go list: %v\n%s", err, stderr.Bytes())
	}
	files := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(stdout))
	for {
		var p struct {
			ImportPath string
			Export     string
			Error      *struct{ Err string }
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("exportgen: decode go list output: %w", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("exportgen: %s: %s", p.ImportPath, p.Error.Err)
		}
		if p.Export != "" {
			files[p.ImportPath] = p.Export
		}
	}
	return files, nil
}
