package frontend

import (
	"go/constant"
	"go/token"
	"go/types"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox/frontend/internal/stubgen"
)

// TestStubsFresh fails when stubs.txt no longer holds the declarations
// the generator writes from the sources: run `go generate
// ./sandbox/frontend` and commit it.
func TestStubsFresh(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("needs the go command")
	}
	fresh, err := stubgen.Generate(".", Allowed)
	require.NoError(t, err)
	want, err := parseBundle(fresh)
	require.NoError(t, err)
	got, err := parseBundle(stubs)
	require.NoError(t, err)
	for path, src := range want {
		assert.Equal(t, string(src), string(got[path]), "stub of %s: want (sources) vs got (stubs.txt); run `go generate ./sandbox/frontend` and commit it", path)
	}
	assert.Len(t, got, len(want), "stubs.txt holds packages the sources do not need")
}

// TestStubsMatchExportData checks every object the stubs declare against
// the compiler's export data for GOOS=js GOARCH=wasm, package by package:
// the same objects, each of the same kind and type, the same method sets
// of T and *T for each type, the same constant values, the same
// comparability, and struct fields of the same names, types and
// embedding.
func TestStubsMatchExportData(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("needs the go command")
	}
	real, err := stubgen.Load(".", Allowed)
	require.NoError(t, err)
	imp, err := importer()
	require.NoError(t, err)
	qualify := func(p *types.Package) string { return p.Path() }
	seen := map[*types.Package]bool{}
	var compare func(want *types.Package)
	compare = func(want *types.Package) {
		if seen[want] || want.Path() == "unsafe" {
			return
		}
		seen[want] = true
		for _, p := range want.Imports() {
			defer compare(p)
		}
		if _, ok := imp.entries[want.Path()]; !ok && !isAllowed(want.Path()) {
			return // no stub refers to this dependency
		}
		imp.mu.Lock()
		got, err := imp.load(want.Path())
		imp.mu.Unlock()
		if !assert.NoError(t, err, "stub of %s", want.Path()) {
			return
		}
		assert.Equal(t, want.Name(), got.Name(), "package name of %s", want.Path())
		stubbed := 0
		for _, name := range want.Scope().Names() {
			w := want.Scope().Lookup(name)
			if !stubgen.Kept(w) {
				continue
			}
			g := got.Scope().Lookup(name)
			if !isAllowed(want.Path()) && g == nil {
				continue // a dependency's stub holds what some stub refers to
			}
			stubbed++
			where := want.Path() + "." + name
			if !assert.NotNil(t, g, "%s: missing from the stub", where) {
				continue
			}
			compareObject(t, where, w, g, qualify)
		}
		for _, name := range got.Scope().Names() {
			assert.NotNil(t, want.Scope().Lookup(name), "%s.%s: in the stub, not in the package", want.Path(), name)
		}
		if isAllowed(want.Path()) {
			assert.Positive(t, stubbed, "%s: no object compared", want.Path())
		}
	}
	for _, p := range real {
		compare(p)
	}
	assert.GreaterOrEqual(t, len(seen), len(Allowed))
}

func compareObject(t *testing.T, where string, w, g types.Object, qualify types.Qualifier) {
	t.Helper()
	assert.Equal(t, types.ObjectString(w, qualify), types.ObjectString(g, qualify), "%s: declaration", where)
	assert.Equal(t, types.TypeString(w.Type(), qualify), types.TypeString(g.Type(), qualify), "%s: type", where)
	assert.Equal(t, types.TypeString(w.Type().Underlying(), qualify), types.TypeString(g.Type().Underlying(), qualify), "%s: underlying type", where)
	switch w := w.(type) {
	case *types.Const:
		gc, ok := g.(*types.Const)
		if !assert.True(t, ok, "%s: want a constant, got %T", where, g) {
			return
		}
		assert.Equal(t, w.Val().Kind(), gc.Val().Kind(), "%s: constant kind", where)
		assert.True(t, w.Val().Kind() == gc.Val().Kind() && constant.Compare(w.Val(), token.EQL, gc.Val()),
			"%s: value: want %s, got %s", where, w.Val().ExactString(), gc.Val().ExactString())
	case *types.Var:
		_, ok := g.(*types.Var)
		assert.True(t, ok, "%s: want a variable, got %T", where, g)
	case *types.Func:
		_, ok := g.(*types.Func)
		assert.True(t, ok, "%s: want a function, got %T", where, g)
	case *types.TypeName:
		gt, ok := g.(*types.TypeName)
		if !assert.True(t, ok, "%s: want a type, got %T", where, g) {
			return
		}
		assert.Equal(t, w.IsAlias(), gt.IsAlias(), "%s: alias", where)
		assert.Equal(t, types.Comparable(w.Type()), types.Comparable(gt.Type()), "%s: comparable", where)
		assert.Equal(t, types.IsInterface(w.Type()), types.IsInterface(gt.Type()), "%s: interface", where)
		for _, ptr := range []bool{false, true} {
			wt, gt := w.Type(), gt.Type()
			if ptr {
				wt, gt = types.NewPointer(wt), types.NewPointer(gt)
			}
			assert.Equal(t, methodSet(wt, qualify), methodSet(gt, qualify), "%s: method set of %s", where, types.TypeString(wt, qualify))
		}
		ws, wok := w.Type().Underlying().(*types.Struct)
		gs, gok := g.Type().Underlying().(*types.Struct)
		assert.Equal(t, wok, gok, "%s: struct", where)
		if wok && gok && assert.Equal(t, ws.NumFields(), gs.NumFields(), "%s: fields", where) {
			for i := range ws.NumFields() {
				wf, gf := ws.Field(i), gs.Field(i)
				assert.Equal(t, [4]any{wf.Name(), wf.Embedded(), wf.Exported(), types.TypeString(wf.Type(), qualify)},
					[4]any{gf.Name(), gf.Embedded(), gf.Exported(), types.TypeString(gf.Type(), qualify)}, "%s: field %d", where, i)
				assert.Equal(t, types.Comparable(wf.Type()), types.Comparable(gf.Type()), "%s: field %s comparable", where, wf.Name())
			}
		}
	}
}

func methodSet(t types.Type, qualify types.Qualifier) string {
	ms := types.NewMethodSet(t)
	var b strings.Builder
	for i := range ms.Len() {
		b.WriteString(types.SelectionString(ms.At(i), qualify) + "\n")
	}
	return b.String()
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
	for _, path := range []string{"net", "internal/poll", "io/fs", "syscall"} {
		_, err = imp.Import(path)
		assert.Error(t, err, "%s is not allowed", path)
	}
}

// TestLibraryObjectsHaveNoPosition: a learner's file set places no
// library object in a file, so no message points into a stub.
func TestLibraryObjectsHaveNoPosition(t *testing.T) {
	imp, err := importer()
	require.NoError(t, err)
	fset := token.NewFileSet()
	fset.AddFile("main.go", -1, 1<<20)
	for _, path := range Allowed {
		pkg, err := imp.Import(path)
		require.NoError(t, err, "import %s", path)
		for _, name := range pkg.Scope().Names() {
			obj := pkg.Scope().Lookup(name)
			assert.Empty(t, fset.Position(obj.Pos()).Filename, "position of %s.%s in a learner's file set: want none, got %s", path, name, fset.Position(obj.Pos()))
		}
	}
}

func TestParseBundleRejectsDamage(t *testing.T) {
	for _, bad := range []string{"fmt", "fmt x\n", "fmt 10\nabc", "fmt -1\n"} {
		_, err := parseBundle([]byte(bad))
		assert.Error(t, err, "bundle %q", bad)
	}
	entries, err := parseBundle([]byte("a 3\nxyzb 0\n"))
	require.NoError(t, err)
	assert.Equal(t, map[string][]byte{"a": []byte("xyz"), "b": {}}, entries)
}

func TestWarmDecodesEveryPackage(t *testing.T) {
	Warm()
	imp, err := importer()
	require.NoError(t, err)
	imp.mu.Lock()
	defer imp.mu.Unlock()
	for _, path := range Allowed {
		assert.NotNil(t, imp.loaded[path], "after Warm, %s is checked", path)
	}
}
