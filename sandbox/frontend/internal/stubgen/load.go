package stubgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/importer"
	"go/token"
	"io"
	"os"
	"os/exec"

	"go/types"
)

// Generate returns the stub bundle for the given import paths, built for
// GOOS=js GOARCH=wasm from the module that contains dir: one entry per
// allowed package, in the order of paths, then one per package those
// stubs refer to, holding only the objects the compiler's export data
// brings in for them.
func Generate(dir string, paths []string) ([]byte, error) {
	pkgs, err := Load(dir, paths)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	written := map[*types.Package]bool{}
	queue := pkgs
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		if written[pkg] {
			continue
		}
		written[pkg] = true
		w := &stubWriter{pkg: pkg, alias: map[*types.Package]string{}}
		src, err := w.write()
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&out, "%s %d\n", pkg.Path(), len(src))
		out.Write(src)
		for _, p := range w.sortedImports() {
			if p.Path() != "unsafe" {
				queue = append(queue, p)
			}
		}
	}
	return out.Bytes(), nil
}

// Load returns the packages at paths as the compiler's export data for
// GOOS=js GOARCH=wasm describes them, with every object of their
// dependencies that this brings in resolved.
func Load(dir string, paths []string) ([]*types.Package, error) {
	files, err := exportFiles(dir, paths)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	lookup := func(path string) (io.ReadCloser, error) {
		f, ok := files[path]
		if !ok {
			return nil, fmt.Errorf("stubgen: no export data for %q", path)
		}
		return os.Open(f)
	}
	imp := importer.ForCompiler(fset, "gc", lookup)
	var pkgs []*types.Package
	for _, path := range paths {
		pkg, err := imp.Import(path)
		if err != nil {
			return nil, fmt.Errorf("stubgen: load %s: %w", path, err)
		}
		pkgs = append(pkgs, pkg)
	}
	// Resolving an object may bring more objects of other packages in:
	// resolve until nothing new appears.
	for n := -1; ; {
		total := 0
		seen := map[*types.Package]bool{}
		var visit func(p *types.Package)
		visit = func(p *types.Package) {
			if seen[p] {
				return
			}
			seen[p] = true
			for _, name := range p.Scope().Names() {
				p.Scope().Lookup(name)
				total++
			}
			for _, q := range p.Imports() {
				visit(q)
			}
		}
		for _, p := range pkgs {
			visit(p)
		}
		if total == n {
			break
		}
		n = total
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
		return nil, fmt.Errorf("stubgen: go list: %v\n%s", err, stderr.Bytes())
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
			return nil, fmt.Errorf("stubgen: decode go list output: %w", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("stubgen: %s: %s", p.ImportPath, p.Error.Err)
		}
		if p.Export != "" {
			files[p.ImportPath] = p.Export
		}
	}
	return files, nil
}
