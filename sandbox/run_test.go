package sandbox

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/traefik/yaegi/interp"
)

// runSource runs src with opts and a background context.
func runSource(t *testing.T, src string, opts Options) Result {
	t.Helper()
	return Run(context.Background(), src, opts)
}

// requireSuccess fails unless the run ended without an error.
func requireSuccess(t *testing.T, src string, res Result) {
	t.Helper()
	require.Nil(t, res.Err, "source:\n%s\nwant no error, got %v\nstderr:\n%s", src, res.Err, res.Stderr)
	require.Equal(t, 0, res.ExitCode, "source:\n%s\nexit code", src)
}

func TestRunPrintsWhatTheProgramPrints(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"program", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\", 42)\n}\n", "hello 42\n"},
		{"snippet", "fmt.Println(strings.ToUpper(\"shout\"))\n", "SHOUT\n"},
		{"snippet with imports", "import (\n\t\"fmt\"\n\t\"strconv\"\n)\n\nfmt.Println(strconv.Itoa(7) + \"!\")\n", "7!\n"},
		{"printf and print", "fmt.Printf(\"%03d|\", 7)\nfmt.Print(\"a\", \"b\")\n", "007|ab"},
		{"stringer", "type T struct{ n int }\nfmt.Println(T{1})\n", "{1}\n"},
		{"method on declared type", "package main\n\nimport \"fmt\"\n\ntype T int\n\nfunc (t T) String() string { return fmt.Sprintf(\"T%d\", int(t)) }\n\nfunc main() {\n\tfmt.Println(T(3))\n\tfmt.Printf(\"%v %s\\n\", T(4), T(5))\n}\n", "T3\nT4 T5\n"},
		{"error type", "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\ntype E struct{}\n\nfunc (*E) Error() string { return \"custom\" }\n\nfunc main() {\n\tvar err error = &E{}\n\tfmt.Println(err, errors.New(\"plain\"))\n}\n", "custom plain\n"},
		{"sort and strconv", "xs := []int{3, 1, 2}\nsort.Ints(xs)\nn, _ := strconv.Atoi(\"5\")\nfmt.Println(xs, n, math.Sqrt(16), utf8.RuneCountInString(\"héllo\"))\n", "[1 2 3] 5 4 5\n"},
		{"sync and atomic", "var n atomic.Int64\nvar wg sync.WaitGroup\nfor i := 0; i < 10; i++ {\n\twg.Add(1)\n\tgo func() {\n\t\tdefer wg.Done()\n\t\tn.Add(1)\n\t}()\n}\nwg.Wait()\nfmt.Println(n.Load())\n", "10\n"},
		{"snippet variable named like a package", "strings := struct{ ToUpper func(string) string }{func(s string) string { return s + \"!\" }}\nfmt.Println(strings.ToUpper(\"quiet\"))\n", "quiet!\n"},
		{"core package", "b, err := bucket.New(2, 1)\nt0 := time.Now()\nfmt.Println(err, b.AllowAt(t0), b.AllowAt(t0), b.AllowAt(t0))\n", "<nil> true true false\n"},
		{"errors.Is with core sentinel", "err := fmt.Errorf(\"call: %w\", breaker.ErrOpen)\nfmt.Println(errors.Is(err, breaker.ErrOpen))\n", "true\n"},
		{"scan reads nothing", "var s string\nn, err := fmt.Scanln(&s)\nfmt.Println(n, err != nil)\n", "0 true\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.src, "go func") {
				skipUnderRace(t)
			}
			res := runSource(t, tc.src, Options{})
			requireSuccess(t, tc.src, res)
			assert.Equal(t, tc.want, res.Stdout, "source:\n%s", tc.src)
			assert.Empty(t, res.Stderr, "source:\n%s", tc.src)
		})
	}
}

func TestRunRefusesImportsOutsideTheAllowList(t *testing.T) {
	forbidden := []string{"os/exec", "net", "net/http", "syscall", "unsafe", "reflect", "runtime",
		"io/fs", "plugin", "bufio", "log", "crypto/rand", "C", "./local", "github.com/someone/pkg", "flakylab.internal/rt"}
	for _, pkg := range forbidden {
		for _, form := range []string{"program", "snippet"} {
			t.Run(form+" "+pkg, func(t *testing.T) {
				src := fmt.Sprintf("package main\n\nimport (\n\t\"fmt\"\n\t%q\n)\n\nfunc main() { fmt.Println(\"ran\") }\n", pkg)
				if form == "snippet" {
					src = fmt.Sprintf("import (\n\t\"fmt\"\n\t%q\n)\n\nfmt.Println(\"ran\")\n", pkg)
				}
				res := runSource(t, src, Options{})
				require.NotNil(t, res.Err, "import %q: want a refusal, got success with stdout %q", pkg, res.Stdout)
				e := res.Err
				assert.Equal(t, KindImport, e.Kind, "import %q: kind", pkg)
				assert.Contains(t, e.Message, fmt.Sprintf("%q", pkg), "import %q: the message names the package", pkg)
				for _, ok := range []string{"fmt", "strings", "time", "math/rand/v2", "core/{backoff,breaker,bucket"} {
					assert.Contains(t, e.Message, ok, "import %q: the message lists what is allowed", pkg)
				}
				wantLine := 5
				if form == "snippet" {
					wantLine = 3
				}
				assert.Equal(t, []int{wantLine, 2}, []int{e.Line, e.Column}, "import %q: position of the import path", pkg)
				assert.Empty(t, res.Stdout, "import %q: nothing may run", pkg)
				assert.Equal(t, 1, res.ExitCode)
			})
		}
	}
}

func TestAllowedListsEveryAllowedPackage(t *testing.T) {
	got := Allowed()
	for _, p := range []string{"bytes", "cmp", "container/heap", "container/list", "context", "errors", "fmt", "io",
		"iter", "maps", "math", "math/bits", "math/rand", "math/rand/v2", "os", "slices", "sort",
		"strconv", "strings", "sync", "sync/atomic", "time", "unicode", "unicode/utf8",
		"github.com/flakylab/flakylab/core/backoff", "github.com/flakylab/flakylab/core/breaker",
		"github.com/flakylab/flakylab/core/bucket", "github.com/flakylab/flakylab/core/classify",
		"github.com/flakylab/flakylab/core/clock", "github.com/flakylab/flakylab/core/idempotency",
		"github.com/flakylab/flakylab/core/provider", "github.com/flakylab/flakylab/core/retry",
		"github.com/flakylab/flakylab/core/storm"} {
		assert.Contains(t, got, p, "Allowed() = %v", got)
	}
	for _, p := range []string{"os/exec", "reflect", "unsafe", "net/http", "bufio"} {
		assert.NotContains(t, got, p, "Allowed() = %v", got)
	}
}

func TestRunReportsCompileErrorsAtTheLearnersPosition(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		msg       string
		kind      Kind
	}{
		{"undefined in program", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(y)\n}\n", 6, 14, "undefined: y", KindCompile},
		{"undefined in snippet", "x := 1\nfmt.Println(x, y)\n", 2, 16, "undefined: y", KindCompile},
		{"undefined after snippet imports", "import \"fmt\"\n\nfmt.Println(nope)\n", 3, 13, "undefined: nope", KindCompile},
		{"statement on the import line", "import \"fmt\"; fmt.Println(nope)\n", 1, 27, "undefined: nope", KindCompile},
		{"syntax error in program", "package main\n\nfunc main() {\n\tx := \n}\n", 5, 1, "syntax error: unexpected }, expected expression", KindCompile},
		{"syntax error in snippet", "x := 1 +\n", 2, 1, "expected expression", KindCompile},
		{"unclosed brace in snippet", "if true {\n\tfmt.Println(1)\n", 3, 1, "expected", KindCompile},
		{"not package main", "package lib\n\nfunc F() {}\n", 0, 0, "package command-line-arguments is not a main package", KindCompile},
		{"no main", "package main\n\nfunc helper() {}\n", 0, 0, "function main is undeclared in the main package", KindCompile},
		{"type mismatch", "var s string = 1\nfmt.Println(s)\n", 1, 16, "1", KindCompile},
		{"unused variable in snippet", "fmt.Println(1)\nx := 2\n", 2, 1, "declared and not used: x", KindCompile},
		{"unused import in snippet", "import \"strings\"\n\nfmt.Println(1)\n", 1, 8, "\"strings\" imported and not used", KindCompile},
		{"missing return", "package main\n\nfunc f() int {\n}\n\nfunc main() { f() }\n", 4, 1, "missing return", KindCompile},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant an error", tc.src)
			assert.Equal(t, tc.kind, res.Err.Kind, "source:\n%s\nerror %v", tc.src, res.Err)
			assert.Contains(t, res.Err.Message, tc.msg, "source:\n%s", tc.src)
			assert.Equal(t, []int{tc.line, tc.col}, []int{res.Err.Line, res.Err.Column},
				"source:\n%s\nerror %v: want line and column %d:%d", tc.src, res.Err, tc.line, tc.col)
			assert.Equal(t, 1, res.ExitCode)
		})
	}
}

func TestRunSurvivesInterpreterPanics(t *testing.T) {
	// yaegi v0.16.1 panics out of compilation on range over an int. The
	// front end lowers it, so hand the interpreter the raw program.
	src := "package main\n\nfunc main() {\n\tfor i := range 3 {\n\t\t_ = i\n\t}\n}\n"
	it := interp.New(interp.Options{})
	p, perr := parseProgram(it.FileSet(), src)
	require.Nil(t, perr)
	_, err := compile(it, p)
	require.NotNil(t, err, "want an error")
	// The program is valid Go: a refusal, not the learner's error.
	assert.Equal(t, KindUnsupported, err.Kind, "error %v", err)
	assert.Contains(t, err.Message, "not supported by the playground: its Go interpreter cannot run this", "error %v", err)

	// Through Run the front end lowers it and it runs as in Go.
	res := runSource(t, "for i := range 3 {\n\tfmt.Println(i)\n}\n", Options{})
	requireSuccess(t, "range 3", res)
	assert.Equal(t, "0\n1\n2\n", res.Stdout)

	after := "fmt.Println(\"still alive\")\n"
	res = runSource(t, after, Options{})
	requireSuccess(t, after, res)
	assert.Equal(t, "still alive\n", res.Stdout)
}

func TestRunRejectsOversizedSource(t *testing.T) {
	src := "fmt.Println(1)\n//" + strings.Repeat("x", MaxSourceBytes)
	res := runSource(t, src, Options{})
	require.NotNil(t, res.Err)
	assert.Contains(t, res.Err.Message, "limit is 1 MiB", "error %v", res.Err)
}

func TestRunsAreIndependent(t *testing.T) {
	// Package-level state of one run is not visible to the next.
	src := "package main\n\nimport \"fmt\"\n\nvar n int\n\nfunc main() {\n\tn++\n\tfmt.Println(n)\n}\n"
	for i := 0; i < 3; i++ {
		res := runSource(t, src, Options{})
		requireSuccess(t, src, res)
		assert.Equal(t, "1\n", res.Stdout, "run %d", i)
	}
}

func TestInterpreterFaultsAreNotTheLearnersPanics(t *testing.T) {
	cases := []struct {
		msg   string
		fault bool
	}{
		{"reflect.Set: value of type int is not assignable to type bool", true},
		{"reflect: call of reflect.Value.SetBool on int Value", true},
		{"invalid interface value {0 0x1}", true},
		{"runtime error: index out of range [5] with length 3", false},
		{"boom", false},
		{"interface conversion: interface {} is string, not int", false},
	}
	for _, c := range cases {
		assert.Equal(t, c.fault, interpreterFault(c.msg), "interpreterFault(%q)", c.msg)
	}
}
