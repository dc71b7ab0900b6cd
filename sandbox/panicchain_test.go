package sandbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A panic in a deferred call while an earlier one is still on the
// goroutine prints the earlier ones first, as Go's runtime does. Each
// want is the start of stderr of the program built by the Go toolchain
// (up to the blank line before the goroutine's trace).
func TestPanicsDuringPanicsPrintTheirChain(t *testing.T) {
	cases := []struct {
		name, body string
		want       string
	}{
		{
			name: "a deferred call panics during a panic",
			body: "defer func() { panic(\"second\") }()\n\tpanic(\"first\")",
			want: "panic: first\n\tpanic: second\n",
		},
		{
			name: "recovered and panicked again as it was",
			body: "defer func() {\n\t\tr := recover()\n\t\tpanic(r)\n\t}()\n\tpanic(fmt.Errorf(\"boom %d\", 1))",
			want: "panic: boom 1 [recovered, repanicked]\n",
		},
		{
			name: "a recovered run-time error, then a new panic",
			body: "defer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tpanic(fmt.Sprint(\"cleanup failed: \", r))\n\t\t}\n\t}()\n\tvar m map[string]int\n\tm[\"x\"] = 1",
			want: "panic: assignment to entry in nil map [recovered]\n\tpanic: cleanup failed: assignment to entry in nil map\n",
		},
		{
			name: "the middle one panicked again",
			body: "defer func() {\n\t\trecover()\n\t\tpanic(\"outer\")\n\t}()\n\tfunc() {\n\t\tdefer func() {\n\t\t\tpanic(recover())\n\t\t}()\n\t\tfunc() {\n\t\t\tdefer func() {\n\t\t\t\trecover()\n\t\t\t\tpanic(\"middle\")\n\t\t\t}()\n\t\t\tpanic(\"inner\")\n\t\t}()\n\t}()",
			want: "panic: inner [recovered]\n\tpanic: middle [recovered, repanicked]\n\tpanic: outer\n",
		},
		{
			name: "the same value twice, not recovered",
			body: "var e any = \"message\"\n\tdefer func() {\n\t\tpanic(e)\n\t}()\n\tpanic(e)",
			want: "panic: message\n\n",
		},
		{
			name: "a recovered nil dereference, then the same in the deferred call",
			body: "defer func() {\n\t\tfmt.Println(\"recovered\", recover())\n\t\tvar p *struct{ N int }\n\t\tfmt.Println(p.N)\n\t}()\n\tvar p *struct{ N int }\n\tfmt.Println(p.N)",
			want: "panic: runtime error: invalid memory address or nil pointer dereference [recovered, repanicked]\n",
		},
		{
			name: "a recovered index error, then another in the deferred call, which returns early elsewhere",
			body: "xs := []int{1}\n\ti := 5\n\tdefer func() {\n\t\tr := recover()\n\t\tif r == nil {\n\t\t\treturn\n\t\t}\n\t\t_ = xs[i+1]\n\t}()\n\t_ = xs[i]",
			want: "panic: runtime error: index out of range [5] with length 1 [recovered]\n\tpanic: runtime error: index out of range [6] with length 1\n",
		},
		{
			name: "panics recovered by functions that returned are over",
			body: "func() {\n\t\tdefer func() { recover() }()\n\t\tvar m map[int]int\n\t\tm[1] = 1\n\t}()\n\tfunc() {\n\t\tdefer func() { fmt.Println(recover()) }()\n\t\tpanic(\"handled\")\n\t}()\n\tpanic(\"final\")",
			want: "panic: final\n\n",
		},
		{
			name: "a recovered value of a type of the program, then a new panic",
			body: "type Reason string\n\tdefer func() {\n\t\tr := recover()\n\t\tpanic(fmt.Sprint(\"again \", r))\n\t}()\n\tvar r any = Reason(\"timeout\")\n\tpanic(r)",
			want: "panic: main.Reason(\"timeout\") [recovered]\n\tpanic: again timeout\n",
		},
		{
			name: "a recovered value of a type of the program, then one of another",
			body: "type Celsius float64\n\ttype Code int\n\tdefer func() {\n\t\trecover()\n\t\tvar c any = Code(7)\n\t\tpanic(c)\n\t}()\n\tvar t any = Celsius(3)\n\tpanic(t)",
			want: "panic: main.Celsius(3) [recovered]\n\tpanic: main.Code(7)\n",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "package main\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n\nfunc main() {\n\t" + tc.body + "\n}\n"
			res := runSource(t, src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant a panic", src)
			assert.Equal(t, KindPanic, res.Err.Kind, "source:\n%s\nerror %v", src, res.Err)
			assert.True(t, strings.HasPrefix(res.Stderr, tc.want), "source:\n%s\nstderr:\n%s\nwant it to start with:\n%s", src, res.Stderr, tc.want)
			assert.Equal(t, 2, res.ExitCode, "exit code")
		})
	}
}

// A panic in a String or Error method that fmt recovers is over: a later
// panic ends the program without it in its chain. Each want is the start
// of stderr of the program built by the Go toolchain.
func TestPanicsFmtRecoveredAreNotInTheChain(t *testing.T) {
	cases := []struct {
		name, src  string
		wantOut    string
		wantStderr string
	}{
		{
			name: "a run-time error in a String method fmt calls",
			src: "package main\n\nimport \"fmt\"\n\ntype Label struct{ s []string }\n\nfunc (l Label) String() string { return l.s[0] }\n\n" +
				"func main() {\n\tfmt.Println(Label{})\n\tvar m map[string]int\n\tm[\"x\"] = 1\n}\n",
			wantOut:    "%!v(PANIC=String method: runtime error: index out of range [0] with length 0)\n",
			wantStderr: "panic: assignment to entry in nil map\n\n",
		},
		{
			name: "panic(v) in an Error method, printed through an error",
			src: "package main\n\nimport \"fmt\"\n\ntype badErr struct{ code int }\n\n" +
				"func (e *badErr) Error() string {\n\tif e.code == 0 {\n\t\tpanic(\"no code\")\n\t}\n\treturn \"fine\"\n}\n\n" +
				"func main() {\n\tvar err error = &badErr{}\n\tfmt.Println(err)\n\tpanic(\"final\")\n}\n",
			wantOut:    "%!v(PANIC=Error method: no code)\n",
			wantStderr: "panic: final\n\n",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := runSource(t, tc.src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant a panic", tc.src)
			assert.Equal(t, KindPanic, res.Err.Kind, "source:\n%s\nerror %v", tc.src, res.Err)
			assert.Equal(t, tc.wantOut, res.Stdout, "source:\n%s", tc.src)
			assert.True(t, strings.HasPrefix(res.Stderr, tc.wantStderr), "source:\n%s\nstderr:\n%s\nwant it to start with:\n%s", tc.src, res.Stderr, tc.wantStderr)
		})
	}
}
