package frontend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHoistLocalTypes checks which local type declarations move to
// package level, and that the moved program keeps the learner's lines.
func TestHoistLocalTypes(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		moved []string // names of the package-level types after the move
	}{
		{"struct in main",
			"package main\n\nfunc main() {\n\ttype point struct{ X, Y int }\n\t_ = point{}\n}\n",
			[]string{"point"}},
		{"several, one referring to another",
			"package main\n\nimport \"sort\"\n\nfunc main() {\n\ttype (\n\t\tid  int\n\t\trow struct {\n\t\t\tsort.Interface\n\t\t\tk id\n\t\t}\n\t)\n\t_ = row{}\n}\n",
			[]string{"id", "row"}},
		{"same name in two functions stays",
			"package main\n\nfunc f() { type T int; _ = T(1) }\n\nfunc main() { type T string; _ = T(\"\") }\n",
			nil},
		{"name of a package-level object stays",
			"package main\n\nvar point = 1\n\nfunc main() {\n\ttype point struct{}\n\t_ = point{}\n}\n",
			nil},
		{"local constant in the declaration stays, and what refers to it",
			"package main\n\nfunc main() {\n\tconst n = 2\n\ttype grid [n]int\n\ttype wrap struct{ g grid }\n\ttype free struct{ s string }\n\t_, _ = wrap{}, free{}\n}\n",
			[]string{"free"}},
		{"in a generic function stays",
			"package main\n\nfunc f[T any]() any { type box struct{ v T }; return box{} }\n\nfunc main() { _ = f[int]() }\n",
			nil},
		{"alias",
			"package main\n\nfunc main() {\n\ttype ints = []int\n\t_ = ints{}\n}\n",
			[]string{"ints"}},
		{"in a function literal",
			"package main\n\nfunc main() {\n\tf := func() any {\n\t\ttype pair struct{ a, b int }\n\t\treturn pair{1, 2}\n\t}\n\t_ = f\n}\n",
			[]string{"pair"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "prog.go", tt.src, parser.ParseComments)
			require.NoError(t, err)
			info := newInfo()
			pkg, err := (&types.Config{Importer: mustImporter(t)}).Check("main", fset, []*ast.File{file}, info)
			require.NoError(t, err, "source:\n%s", tt.src)
			out := hoistLocalTypes(fset, file, info, pkg, []byte(tt.src))
			if tt.moved == nil {
				assert.Nil(t, out, "source:\n%s\ngot:\n%s", tt.src, out)
				return
			}
			require.NotNil(t, out, "source:\n%s", tt.src)
			mfset := token.NewFileSet()
			moved, err := parser.ParseFile(mfset, "prog.go", out, 0)
			require.NoError(t, err, "moved source:\n%s", out)
			var top []string
			for i, d := range moved.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok {
					want := fset.Position(file.Decls[i-len(top)].Pos())
					assert.Equal(t, want.Line, mfset.Position(fn.Pos()).Line, "line of func %s in:\n%s", fn.Name.Name, out)
					assert.Equal(t, want.Line, mfset.Position(fn.End()).Line-(fset.Position(file.Decls[i-len(top)].End()).Line-want.Line), "end of func %s in:\n%s", fn.Name.Name, out)
				}
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
					for _, s := range gd.Specs {
						ts := s.(*ast.TypeSpec)
						top = append(top, ts.Name.Name)
						orig := strings.Index(tt.src, "type "+ts.Name.Name)
						if orig < 0 {
							orig = strings.Index(tt.src, "\t"+ts.Name.Name+" ")
						}
						want := fset.Position(file.Pos() + token.Pos(orig))
						got := mfset.Position(ts.Name.Pos())
						assert.Equal(t, want.Line, got.Line, "line of %s in:\n%s", ts.Name.Name, out)
					}
				}
			}
			assert.ElementsMatch(t, tt.moved, top, "moved source:\n%s", out)
			_, diags := Check(out, Options{})
			assert.Empty(t, diags, "moved source:\n%s", out)
		})
	}
}

// mustImporter is the front end's importer of the allowed packages.
func mustImporter(t *testing.T) types.Importer {
	t.Helper()
	imp, err := importer()
	require.NoError(t, err)
	return imp
}

// TestHoistedProgramIsNotUnchanged checks that a program whose local
// types moved is not reported unchanged: its caller would run its own
// tree of the learner's source, where the type is still local.
func TestHoistedProgramIsNotUnchanged(t *testing.T) {
	src := "package main\n\nfunc main() {\n\ttype celsius = float64\n\tvar c celsius = 1\n\tprintln(c)\n}\n"
	prog, diags := Check([]byte(src), Options{})
	require.Empty(t, diags, "source:\n%s", src)
	assert.False(t, prog.Unchanged(), "lowered:\n%s", prog.Source)
	assert.Contains(t, string(prog.Source), "type celsius = float64", "lowered:\n%s", prog.Source)
}
