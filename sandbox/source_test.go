package sandbox

import (
	"go/ast"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSnippetImportsAreInferred(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"standard packages", "fmt.Println(strings.Repeat(\"ab\", 2), strconv.Quote(\"q\"), math.MaxInt8)\n", "abab \"q\" 127\n"},
		{"rand is math/rand/v2", "fmt.Println(rand.IntN(10) < 10)\n", "true\n"},
		{"core packages", "s, err := backoff.New(backoff.Config{Base: time.Second, Cap: 8 * time.Second})\nfmt.Println(err, s.Exponential(2))\n", "<nil> 2s\n"},
		{"explicit import wins", "import r \"math/rand\"\n\nfmt.Println(r.Intn(10) < 10)\n", "true\n"},
		{"local name shadows a package", "strings := []string{\"a\"}\nfmt.Println(len(strings))\n", "1\n"},
		{"slices and maps", "m := map[string]int{\"b\": 2, \"a\": 1}\nks := slices.Sorted(maps.Keys(m))\nfmt.Println(ks, slices.Contains(ks, \"a\"))\n", "[a b] true\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{})
			requireSuccess(t, tc.src, res)
			assert.Equal(t, tc.want, res.Stdout, "source:\n%s", tc.src)
		})
	}
}

func TestImportsEnd(t *testing.T) {
	cases := []struct {
		src  string
		want string // the part before the cut
	}{
		{"fmt.Println(1)\n", ""},
		{"import \"fmt\"\nfmt.Println(1)\n", "import \"fmt\""},
		{"// comment\nimport \"fmt\"\n\nx := 1\n", "// comment\nimport \"fmt\""},
		{"import (\n\t\"fmt\"\n\t\"strings\"\n)\nfmt.Println()\n", "import (\n\t\"fmt\"\n\t\"strings\"\n)"},
		{"import \"fmt\"\nimport s \"strings\"\nfmt.Println(s.ToUpper(\"a\"))\n", "import \"fmt\"\nimport s \"strings\""},
		{"import \"fmt\"; fmt.Println(1)\n", "import \"fmt\""},
		{"import (\n\t\"fmt\"\n", ""},
	}
	for _, tc := range cases {
		got := importsEnd(tc.src)
		assert.Equal(t, tc.want, tc.src[:got], "importsEnd(%q)", tc.src)
	}
}

func TestSnippetPositionsAreTheLearners(t *testing.T) {
	cases := []struct {
		src       string
		line, col int
	}{
		{"x := 1\nfmt.Println(x, y)\n", 2, 16},
		{"import \"fmt\"\n\n\nfmt.Println(y)\n", 4, 13},
		{"import \"fmt\"; fmt.Println(y)\n", 1, 27},
		{"\tfmt.Println(y)\n", 1, 14},
	}
	for _, tc := range cases {
		fset := token.NewFileSet()
		p, perr := parseProgram(fset, tc.src)
		require.Nil(t, perr, "parse %q", tc.src)
		require.True(t, p.snippet, "%q is a snippet", tc.src)
		var found bool
		ast.Inspect(p.file, func(n ast.Node) bool {
			if u, ok := n.(*ast.Ident); ok && u.Name == "y" {
				pos := fset.Position(u.Pos())
				assert.Equal(t, []int{tc.line, tc.col}, []int{pos.Line, pos.Column}, "position of y in %q", tc.src)
				found = true
			}
			return true
		})
		assert.True(t, found, "y is in %q", tc.src)
	}
}

func TestHasPackageClause(t *testing.T) {
	assert.True(t, hasPackageClause("// doc\n\npackage main\n"))
	assert.True(t, hasPackageClause("/* c */ package x"))
	assert.False(t, hasPackageClause("fmt.Println(1)"))
	assert.False(t, hasPackageClause(""))
	assert.False(t, hasPackageClause("packages := 1"))
}

func TestInterpretedSlicesAndMapsCompile(t *testing.T) {
	// Every function of the source packages, called once, so that a
	// construct yaegi cannot compile is caught here rather than by a
	// learner.
	src := `package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

type names []string

func main() {
	s := []int{3, 1, 4, 1, 5}
	fmt.Println(slices.Contains(s, 4), slices.ContainsFunc(s, func(x int) bool { return x > 4 }))
	fmt.Println(slices.Index(s, 1), slices.IndexFunc(s, func(x int) bool { return x == 5 }))
	fmt.Println(slices.Equal(s, slices.Clone(s)))
	c := slices.Clone(s)
	slices.Sort(c)
	fmt.Println(c, slices.IsSorted(c), slices.IsSortedFunc(c, func(a, b int) int { return a - b }))
	fmt.Println(slices.BinarySearch(c, 4))
	fmt.Println(slices.Min(s), slices.Max(s))
	slices.SortFunc(c, func(a, b int) int { return b - a })
	slices.SortStableFunc(c, func(a, b int) int { return 0 })
	slices.Reverse(c)
	fmt.Println(c, slices.Compact(c), slices.Insert([]int{1, 2}, 1, 9), slices.Delete([]int{1, 2, 3}, 0, 1))
	fmt.Println(slices.DeleteFunc([]int{1, 2, 3}, func(x int) bool { return x == 2 }), slices.Repeat([]int{7}, 2))
	n := names{"b", "a"}
	slices.Sort(n)
	fmt.Println(n, slices.Collect(slices.Values(n)))
	m := map[string]int{"x": 1, "y": 2}
	fmt.Println(slices.Sorted(maps.Keys(m)), slices.Sorted(maps.Values(m)), slices.SortedFunc(maps.Keys(m), strings.Compare))
	cl := maps.Clone(m)
	maps.Copy(cl, map[string]int{"z": 3})
	maps.DeleteFunc(cl, func(k string, v int) bool { return v == 1 })
	fmt.Println(maps.Equal(m, cl), len(maps.Collect(maps.All(cl))))
}
`
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	want := "true true\n1 4\ntrue\n[1 1 3 4 5] true true\n3 true\n1 5\n[1 3 4 5 0] [1 3 4 5] [1 9 2] [2 3]\n[1 3] [7 7]\n[a b] [a b]\n[x y] [1 2] [x y]\nfalse 2\n"
	assert.Equal(t, want, res.Stdout, "source:\n%s", src)
}

// TestAllowListsAgree keeps one source of truth for the allow-list: the
// front end's list (with its embedded type information) is exactly what
// the interpreter can load, under the same package names.
func TestAllowListsAgree(t *testing.T) {
	assert.Equal(t, interpreterPackages(), allowed)
}

// A file that leaves out its package clause is reported as go build
// reports it, at its first token, instead of being run as a snippet that
// does nothing (or failing to parse inside the snippet's wrapper).
func TestFileWithoutPackageClause(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
	}{
		{"a type only", "type MyInt int32\n", 1, 1},
		{"after comments", "// Issue 4776.\n\n\ttype MyInt int32\n", 3, 2},
		{"types and constants", "type T int\n\nconst (\n\tA T = iota\n\tB\n)\n", 1, 1},
		{"imports and func main", "import \"fmt\"\n\nfunc main() {\n\tfmt.Println(1)\n}\n", 1, 1},
		{"a method", "type T struct{}\n\nfunc (T) M() {}\n", 1, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{})
			require.NotNil(t, res.Err, "source:\n%s", tc.src)
			assert.Equal(t, KindCompile, res.Err.Kind, "source:\n%s", tc.src)
			assert.Equal(t, "syntax error: package statement must be first", res.Err.Message, "source:\n%s", tc.src)
			assert.Equal(t, []int{tc.line, tc.col}, []int{res.Err.Line, res.Err.Column}, "position, source:\n%s", tc.src)
		})
	}
	// Snippets that declare and then do something still run.
	for _, src := range []string{
		"type T int\nvar t T = 3\nfmt.Println(t)\n",
		"const c = 2\nfmt.Println(c)\n",
		"f := func() int { return 4 }\nfmt.Println(f())\n",
	} {
		res := runSource(t, src, Options{})
		requireSuccess(t, src, res)
		assert.NotEmpty(t, res.Stdout, "source:\n%s", src)
	}
}
