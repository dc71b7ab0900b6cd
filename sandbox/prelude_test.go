package sandbox

import (
	"context"
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// helperDecls returns the helpers' functions in p's rewritten file, and
// the program's main.
func helperDecls(p *program) (helpers []*ast.FuncDecl, main *ast.FuncDecl) {
	for _, d := range p.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		switch {
		case !ok:
		case fd.Name.Name == mainName:
			main = fd
		case strings.HasPrefix(fd.Name.Name, "flakylab_"):
			helpers = append(helpers, fd)
		}
	}
	return helpers, main
}

// TestPreludeParsedOnce: two runs' file sets share the helpers' parsed
// declarations, each set resolves their positions in the helpers' file,
// and the program's own positions stay where they were.
func TestPreludeParsedOnce(t *testing.T) {
	const src = "package main\n\nfunc main() {\n\tpanic(1)\n}\n"
	var decls [2][]*ast.FuncDecl
	for i := range decls {
		fset := token.NewFileSet()
		fset.AddFile(preludeMark, preludeRegion-1, 0) // as run.interpreter does
		p, perr := parseProgram(fset, src)
		require.Nil(t, perr)
		require.NoError(t, rewrite(p, false))
		helpers, main := helperDecls(p)
		require.NotEmpty(t, helpers)
		require.NotNil(t, main)
		decls[i] = helpers
		at := fset.Position(helpers[0].Pos())
		assert.Equal(t, helpersName, at.Filename, "a helper's position: %v", at)
		mainAt := fset.Position(main.Pos())
		assert.Equal(t, [2]any{SourceName, 3}, [2]any{mainAt.Filename, mainAt.Line}, "main's position: %v", mainAt)
	}
	assert.Same(t, decls[0][0], decls[1][0], "the second run parsed the helpers again")
}

// TestPreludeUnreservedFileSet: a file set without the helpers' region
// gets helpers of its own, parsed into it.
func TestPreludeUnreservedFileSet(t *testing.T) {
	const src = "package main\n\nfunc main() {\n\tpanic(1)\n}\n"
	fset := token.NewFileSet()
	p, perr := parseProgram(fset, src)
	require.Nil(t, perr)
	require.NoError(t, rewrite(p, false))
	helpers, main := helperDecls(p)
	require.NotEmpty(t, helpers)
	at := fset.Position(helpers[0].Pos())
	assert.Equal(t, helpersName, at.Filename, "a helper's position: %v", at)
	assert.Greater(t, int(helpers[0].Pos()), int(main.Pos()), "the helpers were not parsed after the program")
}

// TestRunsShareHelpersFaithfully: runs that share the parsed helpers, of
// programs the front end leaves as they are and of programs it lowers,
// whole or snippets, report panics as a fresh runtime would, at the
// learner's line and column, run after run.
func TestRunsShareHelpersFaithfully(t *testing.T) {
	tests := []struct {
		name, src string
		stdout    string
		msg       string
		line, col int
	}{
		{"unchanged program", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"a\")\n   panic(fmt.Errorf(\"boom %d\", 1))\n}\n", "a\n", "boom 1", 7, 4},
		{"lowered program", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(min(3, 2))\n\t  panic(\"x\")\n}\n", "2\n", "x", 7, 4},
		{"snippet", "fmt.Println(\"s\")\nvar a []int\n_ = a[5]\n", "s\n", "runtime error: index out of range [5] with length 0", 3, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for run := range 3 {
				res := Run(context.Background(), tc.src, Options{})
				require.NotNil(t, res.Err, "run %d of:\n%s", run, tc.src)
				assert.Equal(t, tc.stdout, res.Stdout, "run %d of:\n%s", run, tc.src)
				assert.Contains(t, res.Err.Message, tc.msg, "run %d of:\n%s", run, tc.src)
				assert.Equal(t, []int{tc.line, tc.col}, []int{res.Err.Line, res.Err.Column}, "run %d of:\n%s\nstderr:\n%s", run, tc.src, res.Stderr)
			}
		})
	}
}
