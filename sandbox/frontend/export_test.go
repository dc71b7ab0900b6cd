package frontend

import (
	"bytes"
	"go/types"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox/frontend/internal/apidata"
	"github.com/flakylab/flakylab/sandbox/frontend/internal/exportgen"
)

// TestExportDataFresh fails when exportdata.bin no longer describes the
// APIs of the allowed packages: run `go generate ./sandbox/frontend` and
// commit it. It compares the APIs, not the bytes, so that its message names
// the package whose API changed.
func TestExportDataFresh(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("needs the go command")
	}
	fresh, err := exportgen.Generate(".", Allowed)
	require.NoError(t, err)
	if bytes.Equal(fresh, exportData) {
		return
	}
	want, err := apiSummary(fresh)
	require.NoError(t, err)
	got, err := apiSummary(exportData)
	require.NoError(t, err)
	for _, path := range Allowed {
		assert.Equal(t, want[path], got[path], "API of %s: want (sources) vs got (exportdata.bin); run `go generate ./sandbox/frontend` and commit it", path)
	}
}

// TestExportDataHasNoPositions: the bundle is written without positions
// (see internal/exportgen), so no imported object names a file.
func TestExportDataHasNoPositions(t *testing.T) {
	imp, err := apidata.NewImporter(exportData)
	require.NoError(t, err)
	for _, path := range Allowed {
		pkg, err := imp.Import(path)
		require.NoError(t, err, "read %s", path)
		for _, name := range pkg.Scope().Names() {
			obj := pkg.Scope().Lookup(name)
			assert.False(t, obj.Pos().IsValid(), "position of %s.%s: want none", path, name)
		}
	}
}

// apiSummary describes each package of a bundle as text: every exported
// object with its type, and the method sets of its named types.
func apiSummary(bundle []byte) (map[string]string, error) {
	imp, err := apidata.NewImporter(bundle)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	qualify := func(p *types.Package) string { return p.Path() }
	for _, path := range Allowed {
		pkg, err := imp.Import(path)
		if err != nil {
			return nil, err
		}
		var b strings.Builder
		for _, name := range pkg.Scope().Names() {
			obj := pkg.Scope().Lookup(name)
			b.WriteString(types.ObjectString(obj, qualify) + "\n")
			if tn, ok := obj.(*types.TypeName); ok {
				for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
					ms := types.NewMethodSet(t)
					for i := range ms.Len() {
						b.WriteString("\t" + types.SelectionString(ms.At(i), qualify) + "\n")
					}
				}
			}
		}
		out[path] = b.String()
	}
	return out, nil
}

func TestEveryAllowedPackageImports(t *testing.T) {
	imp, err := importer()
	require.NoError(t, err)
	for _, path := range Allowed {
		pkg, err := imp.Import(path)
		require.NoError(t, err, "import %s", path)
		assert.Equal(t, path, pkg.Path(), "import %s", path)
		assert.True(t, pkg.Complete(), "import %s: package not complete", path)
		assert.NotEmpty(t, pkg.Scope().Names(), "import %s: no exported names", path)
	}
	_, err = imp.Import("net")
	assert.Error(t, err, "net is not allowed")
}

func TestWarmDecodesEveryPackage(t *testing.T) {
	Warm()
	imp, err := importer()
	require.NoError(t, err)
	for _, path := range Allowed {
		assert.True(t, imp.Decoded(path), "after Warm, %s is decoded", path)
	}
}
