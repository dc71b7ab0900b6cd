package sandbox

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A compile failure of the interpreter without a position is refused at
// the line of the function whose body the interpreter cannot compile.
func TestCompileFailureIsPositionedAtItsFunction(t *testing.T) {
	// yaegi v0.16.1 panics out of compilation on range over an int (the
	// front end lowers it; here the interpreter gets the raw program).
	cases := []struct {
		name, src string
		line, col int
		fn        string
	}{
		{"second of three", "package main\n\nfunc first() int { return 1 }\n\nfunc second() {\n\tfor i := range 3 {\n\t\t_ = i\n\t}\n}\n\nfunc main() { first(); second() }\n", 5, 6, "second"},
		{"main", "package main\n\nfunc first() int { return 1 }\n\nfunc main() {\n\tfor range 3 {\n\t\tfirst()\n\t}\n}\n", 5, 6, "main"},
		{"a method", "package main\n\ntype T struct{ n int }\n\nfunc (t *T) ok() { t.n++ }\n\nfunc (t *T) bad() {\n\tfor i := range 2 {\n\t\tt.n += i\n\t}\n}\n\nfunc main() {\n\tt := &T{}\n\tt.ok()\n\tt.bad()\n}\n", 7, 13, "bad"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newRun(context.Background(), Options{CompileOnly: true}, false)
			defer r.stop()
			it := r.interpreter()
			p, perr := parseProgram(it.FileSet(), tc.src)
			require.Nil(t, perr)
			r.prog = p
			require.NoError(t, it.Use(r.exports()))
			_, err := compile(it, p)
			require.NotNil(t, err, "source:\n%s\nwant a compile failure", tc.src)
			require.Zero(t, err.Line, "the interpreter gives no position: %v", err)
			r.locateCompileFailure(p, err)
			assert.Equal(t, []int{tc.line, tc.col}, []int{err.Line, err.Column}, "source:\n%s\nerror %v", tc.src, err)
			assert.Contains(t, err.Message, "its Go interpreter cannot run this")
			assert.Contains(t, err.Message, "in func "+tc.fn)
		})
	}
}

// Through Run, a construct the front end does not lower and the
// interpreter cannot compile is refused at its function's line: a
// labeled select receiving from a channel held in an array behind a
// pointer.
func TestRunRefusesWhatTheInterpreterCannotCompileAtALine(t *testing.T) {
	src := "package main\n\nfunc get(dat *[2]chan int) (it int) {\nL:\n\tselect {\n\tcase it = <-dat[0]:\n\t\tbreak L\n\tcase it = <-dat[1]:\n\t}\n\treturn\n}\n\nfunc main() {\n\tdat := new([2]chan int)\n\tdat[0] = make(chan int, 1)\n\tdat[0] <- 4\n\tprintln(get(dat))\n}\n"
	res := runSource(t, src, Options{})
	require.NotNil(t, res.Err, "source:\n%s", src)
	assert.Equal(t, KindUnsupported, res.Err.Kind, "%v", res.Err)
	assert.Equal(t, []int{3, 6}, []int{res.Err.Line, res.Err.Column}, "%v", res.Err)
	assert.Contains(t, res.Err.Message, "not supported by the playground")
	assert.Contains(t, res.Err.Message, "in func get")
}
