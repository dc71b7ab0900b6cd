//go:build !js

package frontend

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// run checks and lowers src and runs it in the interpreter natively.
func run(t *testing.T, src string) (*Program, string, error) {
	t.Helper()
	prog, diags := Check([]byte(src), Options{})
	require.Empty(t, diags, "diagnostics for:\n%s", src)
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &out})
	require.NoError(t, i.Use(stdlib.Symbols))
	_, err := i.Eval(string(prog.Source))
	return prog, out.String(), err
}

func TestLowering(t *testing.T) {
	tests := []struct {
		name    string
		body    string // of func main, with fmt imported
		decls   string
		lowered []string
		want    string
	}{
		{"min and max", `a, b := 3, 9; fmt.Println(min(a, b), max(a, b, 12), min(2.5, 1))`, "",
			[]string{"min/max"}, "3 12 1\n"},
		{"range over int", `for i := range 3 { fmt.Print(i) }; fmt.Println()`, "",
			[]string{"range over int"}, "012\n"},
		{"range over typed int keeps the type", `var n int8 = 2; for i := range n { fmt.Printf("%T ", i) }`, "",
			[]string{"range over int"}, "int8 int8 "},
		{"closures capture each iteration", `var fs []func(); for i := 0; i < 3; i++ { fs = append(fs, func() { fmt.Print(i) }) }; for _, f := range fs { f() }`, "",
			[]string{"per-iteration loop variables"}, "012"},
		{"body changes the loop variable", `var fs []func(); for i := 0; i < 6; i++ { fs = append(fs, func() { fmt.Print(i) }); i++ }; for _, f := range fs { f() }`, "",
			[]string{"per-iteration loop variables"}, "135"},
		{"generic call with constants", `fmt.Println(Pick(true, 1, 2), Pick(false, "a", "b"))`,
			"func Pick[T any](c bool, a, b T) T { if c { return a }; return b }",
			[]string{"generics written out"}, "1 b\n"},
		{"range over func with return", `fmt.Println(first())`,
			"func seq(yield func(int) bool) { for i := 5; i < 9; i++ { if !yield(i) { return } } }\nfunc first() int { for v := range seq { if v > 6 { return v } }; return -1 }",
			[]string{"range over func"}, "7\n"},
		{"clear", `m := map[int]int{1: 1}; clear(m); fmt.Println(len(m))`, "",
			[]string{"clear"}, "0\n"},
		{"percent T of own type", `fmt.Printf("%T\n", P{})`, "type P struct{}",
			[]string{"fmt operands"}, "main.P\n"},
		{"method expression", `f := (*C).Inc; c := &C{}; f(c); f(c); fmt.Println(c.n)`,
			"type C struct{ n int }\nfunc (c *C) Inc() { c.n++ }",
			[]string{"method expressions"}, "2\n"},
		{"parallel assignment with a call", `a, b := 0, 0; a, b = 1, next(); var e error; e, a = nil, next(); fmt.Println(a, b, e)`,
			"var n int\nfunc next() int { n++; return n }",
			[]string{"parallel assignments"}, "2 1 <nil>\n"},
		{"parallel assignment in a loop's post statement", `for i, j := 0, 3; i < j; i, j = inc(i), j-1 { fmt.Print(i, j, " ") }`,
			"func inc(i int) int { return i + 1 }",
			[]string{"parallel assignments"}, "0 3 1 2 "},
		{"parallel definition with a composite literal", `p, n := P{1}, 2; var q, m = P{3}, 4; fmt.Println(p, n, q, m)`,
			"type P struct{ x int }",
			[]string{"parallel assignments"}, "{1} 2 {3} 4\n"},
		{"case list without a tag", `for _, n := range []int{-1, 5, 200} { switch { case n < 0, n > 100: fmt.Print("out "); default: fmt.Print("in ") } }`, "",
			[]string{"case lists without a tag"}, "out in out "},
	}
	for _, tt := range tests {
		src := "package main\n\nimport \"fmt\"\n\n" + tt.decls + "\n\nfunc main() {\n" + tt.body + "\n}\n"
		prog, got, err := run(t, src)
		require.NoError(t, err, "%s: interpreter error; lowered:\n%s", tt.name, prog.Source)
		assert.Equal(t, tt.want, got, "%s: want vs got output; lowered:\n%s", tt.name, prog.Source)
		assert.Subset(t, prog.Lowered, tt.lowered, "%s: lowerings", tt.name)
	}
}

var panicAt = regexp.MustCompile(`(\d+):(\d+): panic: main\.(\w+)`)

// TestRuntimeErrorMapsToLearnerLine maps the positions the interpreter
// reports for a panic (one per frame: the start of each function's body)
// back through code that lowering moved.
func TestRuntimeErrorMapsToLearnerLine(t *testing.T) {
	src := `package main

import "fmt"

func fail() int {
	for i := range 2 {
		fmt.Println(min(i, 1))
	}
	panic("boom")
}

func main() {
	var fs []func()
	for i := 0; i < 2; i++ {
		fs = append(fs, func() { fmt.Println(i) })
	}
	fmt.Println(fail())
}
`
	want := map[string][2]int{"fail": {6, 6}, "main": {13, 6}}
	prog, out, err := run(t, src)
	require.Error(t, err, "the program panics")
	frames := panicAt.FindAllStringSubmatch(out, -1)
	require.Len(t, frames, 2, "frames in %q", out)
	for _, f := range frames {
		line, _ := strconv.Atoi(f[1])
		col, _ := strconv.Atoi(f[2])
		gotLine, gotCol := prog.Position(line, col)
		assert.Equal(t, want[f[3]], [2]int{gotLine, gotCol}, "frame %s at lowered %d:%d in\n%s", f[3], line, col, prog.Source)
	}
}

func TestPositionOfHelperCode(t *testing.T) {
	prog, _, err := run(t, "package main\n\nfunc main() {\n\tx := 3\n\tprintln(max(x, 4))\n}\n")
	require.NoError(t, err)
	lines := bytes.Count(prog.Source, []byte("\n"))
	l, c := prog.Position(lines, 1)
	assert.Equal(t, [2]int{0, 0}, [2]int{l, c}, "the last line is the max helper's")
	l, c = prog.Position(1, 9)
	assert.Equal(t, [2]int{1, 9}, [2]int{l, c}, "the package name")
	l, c = prog.Position(4, 7)
	assert.Equal(t, [2]int{4, 7}, [2]int{l, c}, "x := 3, at the 3")
}

// TestParallelAssignmentPositions maps the statements a parallel
// assignment is split into back to the learner's line and columns.
func TestParallelAssignmentPositions(t *testing.T) {
	src := "package main\n\nimport \"fmt\"\n\nfunc next() int { return 2 }\n\nfunc main() {\n\ta, b := 0, 0\n\ta, b = 1, next()\n\tfmt.Println(a, b)\n}\n"
	prog, out, err := run(t, src)
	require.NoError(t, err)
	assert.Equal(t, "1 2\n", out)
	at := func(text string) (int, int) {
		i := bytes.Index(prog.Source, []byte(text))
		require.GreaterOrEqual(t, i, 0, "%q in\n%s", text, prog.Source)
		line := bytes.Count(prog.Source[:i], []byte("\n")) + 1
		col := i - bytes.LastIndexByte(prog.Source[:i], '\n')
		return prog.Position(line, col)
	}
	for text, want := range map[string][2]int{
		"next()\n":    {9, 12}, // the call, now in a temporary
		"a, b = 1, ":  {9, 2},
		"1, _fl_":     {9, 9},
		"fmt.Println": {10, 2},
	} {
		l, c := at(text)
		assert.Equal(t, want, [2]int{l, c}, "%q in\n%s", text, prog.Source)
	}
}
