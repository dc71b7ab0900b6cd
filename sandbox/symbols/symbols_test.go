//go:build !js

package symbols

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox/symbols/internal/compact"
)

const generatePrefix = "//go:generate go run ./cmd/extract "

// generatedPackages reads the import paths from the go:generate lines.
func generatedPackages(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("generate.go")
	require.NoError(t, err)
	defer f.Close()
	var pkgs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, generatePrefix) {
			pkgs = append(pkgs, strings.TrimSpace(strings.TrimPrefix(line, generatePrefix)))
		}
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, pkgs, "generate.go has no extract lines")
	return pkgs
}

// TestGeneratedFilesAreCurrent regenerates every table into a temporary
// directory, as `go generate` would, and compares it with the committed
// file. Run `go generate ./sandbox/symbols` when it fails.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks every allowed package from source")
	}
	dir := t.TempDir()
	pkgs := generatedPackages(t)
	want := map[string]bool{}
	for _, pkg := range pkgs {
		want[compact.FileName(pkg)] = true
	}
	t.Run("tables", func(t *testing.T) {
		for _, pkg := range pkgs {
			t.Run(pkg, func(t *testing.T) {
				t.Parallel() // each Extract type-checks from source
				name, src, err := compact.Table(pkg, "symbols")
				require.NoError(t, err, "extract %s", pkg)
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), src, 0o644))
				committed, err := os.ReadFile(name)
				require.NoError(t, err, "%s: no committed table %s; run go generate", pkg, name)
				assert.Equal(t, string(src), string(committed),
					"%s: committed %s differs from a fresh `go run ./cmd/extract %s`; run go generate", pkg, name, pkg)
			})
		}
	})

	// A table whose go:generate line was removed must go too.
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	var stale []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") &&
			n != "symbols.go" && n != "generate.go" && !want[n] {
			stale = append(stale, n)
		}
	}
	sort.Strings(stale)
	assert.Empty(t, stale, "tables without a go:generate line in generate.go")
}

// TestSymbolsMatchGenerateLines checks that every go:generate line produced
// a table under the key yaegi expects ("path/name").
func TestSymbolsMatchGenerateLines(t *testing.T) {
	pkgs := generatedPackages(t)
	byPath := map[string]string{}
	for key := range Symbols {
		byPath[filepath.Dir(key)] = key
	}
	for _, pkg := range pkgs {
		key, ok := byPath[pkg]
		if assert.True(t, ok, "package %s from generate.go has no table in Symbols", pkg) {
			assert.NotEmpty(t, Symbols[key], "table %s is empty", key)
		}
	}
	assert.Len(t, Symbols, len(pkgs), "Symbols has %d tables, generate.go lists %d packages", len(Symbols), len(pkgs))
}
