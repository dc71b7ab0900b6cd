package gotest

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox/frontend"
)

// TestConformance is the gate: every program of $GOROOT/test that takes
// part runs through the engine, and the outcomes must agree with
// known_failures.txt. A failure that is not listed fails the test, and so
// does a listed program that now passes (remove it: the list only
// shrinks).
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 1100 programs")
	}
	root, err := ModuleRoot()
	require.NoError(t, err)
	goroot, err := GorootTest()
	require.NoError(t, err)
	progs, _, err := Programs(goroot, frontend.Allowed)
	require.NoError(t, err)
	require.NotEmpty(t, progs, "no programs under %s", goroot)
	known, err := ReadKnownFile("known_failures.txt")
	require.NoError(t, err)

	dir := t.TempDir()
	bin, err := BuildRunner(root, dir)
	require.NoError(t, err)
	r := &Runner{Binary: bin, Timeout: DefaultTimeout, Dir: dir}
	outcomes := r.RunAll(context.Background(), progs, runtime.NumCPU(), nil)
	// Whether a slow program finishes in time depends on the machine's
	// load: one that timed out while the others ran, and is not listed,
	// is run again alone before it counts.
	for i, o := range outcomes {
		if _, listed := known[o.Program.Name]; o.Class == Timeout && !listed {
			outcomes[i] = r.Run(context.Background(), o.Program)
			t.Logf("%s timed out among the others (%s); alone: %s in %s", o.Program.Name, o.Detail, outcomes[i].Class, outcomes[i].Elapsed.Round(time.Millisecond))
		}
	}

	var table strings.Builder
	WriteTable(&table, outcomes)
	t.Logf("\n%s", table.String())
	for _, p := range Problems(outcomes, known) {
		t.Error(p)
	}
}

func TestActionOf(t *testing.T) {
	cases := []struct{ src, want string }{
		{"// run\n\npackage main\n", "run"},
		{"//go:build !wasm\n\n// run\n\npackage main\n", "run"},
		{"// errorcheck -0 -m\n\npackage p\n", "errorcheck -0 -m"},
		{"\n\n//run\npackage main\n", "run"},
		{"package main\n", "package main"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, actionOf([]byte(c.src)), "actionOf(%q)", c.src)
	}
}

func TestExcluded(t *testing.T) {
	offer := map[string]bool{"fmt": true}
	cases := []struct {
		src  string
		want string
	}{
		{"// run\n\npackage main\n\nimport \"fmt\"\n", ""},
		{"// run\n\npackage main\n\nimport \"os\"\n", "imports a package the playground does not offer"},
		{"// run\n\n//go:build !wasm\n\npackage main\n", "build constraints"},
		{"// run\n\n//go:build amd64\n\npackage main\n", "build constraints"},
		{"// run\n\n//go:build linux || js\n\npackage main\n", ""},
		{"// run\n\n//go:build go1.21\n\npackage main\n", ""},
		{"// run\n\n//go:build go1.99\n\npackage main\n", "build constraints"},
		{"// errorcheck\n\npackage main\n\nfunc (\n", ""},
	}
	for _, c := range cases {
		require.Equal(t, c.want, excluded([]byte(c.src), offer), "excluded(%q)", c.src)
	}
}

func TestErrorLines(t *testing.T) {
	src := "// errorcheck\n\npackage p\n\nvar x int = \"s\" // ERROR \"cannot use\"\n" +
		"var y = 1 //// ERROR \"disabled\"\nvar z = 2 // ERROR with no pattern\n"
	require.Equal(t, map[int]bool{5: true}, errorLines([]byte(src)))
}

func TestClassifyRun(t *testing.T) {
	p := Program{Name: "x.go", Action: ActionRun, Want: "ok\n"}
	cases := []struct {
		name     string
		res      string
		combined string
		want     Class
	}{
		{"same output", `{"exitCode":0,"error":null}`, "ok\n", Pass},
		{"other output", `{"exitCode":0,"error":null}`, "ko\n", Wrong},
		{"panic", `{"exitCode":2,"error":{"kind":"panic","message":"panic: x","line":3,"column":1}}`, "ok\n", Wrong},
		{"refusal", `{"exitCode":1,"error":{"kind":"unsupported","message":"x is not supported by the playground","line":3,"column":1}}`, "", Refused},
		{"refusal without a line", `{"exitCode":1,"error":{"kind":"unsupported","message":"x is not supported by the playground","line":0,"column":0}}`, "", FalseCompile},
		{"type error", `{"exitCode":1,"error":{"kind":"compile","message":"undefined: x","line":3,"column":1}}`, "", FalseCompile},
		{"internal", `{"exitCode":1,"error":{"kind":"internal","message":"the Go interpreter failed","line":0,"column":0}}`, "", Internal},
		{"time limit", `{"exitCode":1,"error":{"kind":"runtime","message":"the program was stopped: it ran past its time limit","line":0,"column":0}}`, "", Timeout},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := classifyRun(p, decode(t, c.res), c.combined)
			require.Equal(t, c.want, got.Class, "result %s, output %q: %s", c.res, c.combined, got.Detail)
		})
	}
}

func TestClassifyErrorcheck(t *testing.T) {
	p := Program{Name: "x.go", Action: ActionErrorcheck, ErrorLines: map[int]bool{5: true}}
	cases := []struct {
		name string
		res  string
		want Class
	}{
		{"at an ERROR line", `{"exitCode":1,"error":{"kind":"compile","message":"undefined: x","line":5,"column":2}}`, Rejected},
		{"elsewhere", `{"exitCode":1,"error":{"kind":"compile","message":"undefined: x","line":6,"column":2}}`, WrongLine},
		{"ran", `{"exitCode":0,"error":null}`, Accepted},
		{"panicked", `{"exitCode":2,"error":{"kind":"panic","message":"panic: x","line":5,"column":2}}`, Accepted},
		{"internal", `{"exitCode":1,"error":{"kind":"internal","message":"x","line":0,"column":0}}`, Internal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := classifyErrorcheck(p, decode(t, c.res))
			require.Equal(t, c.want, got.Class, "result %s: %s", c.res, got.Detail)
		})
	}
}

func TestReadKnown(t *testing.T) {
	good := "# comment\n\nfixedbugs/a.go\ttimeout\tcomputes for minutes in the interpreter\n"
	known, err := ReadKnown(strings.NewReader(good))
	require.NoError(t, err)
	require.Equal(t, Known{Name: "fixedbugs/a.go", Class: Timeout, Reason: "computes for minutes in the interpreter", Line: 3}, known["fixedbugs/a.go"])

	bad := []struct{ src, want string }{
		{"a.go\ttimeout\n", "want name<TAB>class<TAB>reason"},
		{"a.go\ttimeout\t \n", "want name<TAB>class<TAB>reason"},
		{"a.go\tpass\tfine\n", "not a failing class"},
		{"a.go\tflak\tfine\n", "not a failing class"},
		{"a.go\ttimeout\tx\na.go\ttimeout\ty\n", "listed twice"},
	}
	for _, c := range bad {
		_, err := ReadKnown(strings.NewReader(c.src))
		require.ErrorContains(t, err, c.want, "ReadKnown(%q)", c.src)
	}
}

func TestProblems(t *testing.T) {
	out := func(name string, c Class) Outcome {
		return Outcome{Program: Program{Name: name}, Class: c, Detail: "detail"}
	}
	known := map[string]Known{
		"listed_fails.go":   {Name: "listed_fails.go", Class: Timeout},
		"listed_passes.go":  {Name: "listed_passes.go", Class: Wrong},
		"listed_changed.go": {Name: "listed_changed.go", Class: FalseCompile},
		"listed_slow.go":    {Name: "listed_slow.go", Class: Timeout},
		"listed_flaky.go":   {Name: "listed_flaky.go", Class: Flaky},
		"gone.go":           {Name: "gone.go", Class: Internal},
	}
	outcomes := []Outcome{
		out("passes.go", Pass), out("refused.go", Refused), out("new_failure.go", Wrong),
		out("listed_fails.go", Timeout), out("listed_passes.go", Pass), out("listed_changed.go", Internal),
		out("listed_slow.go", Pass), out("listed_flaky.go", Wrong),
	}
	got := Problems(outcomes, known)
	want := []string{
		"new_failure.go: wrong output (not in the known-failures list): detail",
		"listed_passes.go: listed as wrong output but now pass: remove it from the known-failures list",
		"listed_changed.go: listed as false compile error but now internal error: detail",
		"gone.go: listed as a known failure but not in the suite",
	}
	require.Equal(t, want, got)
}

func TestWriteTable(t *testing.T) {
	outcomes := []Outcome{
		{Program: Program{Name: "a.go", Action: ActionRun}, Class: Pass},
		{Program: Program{Name: "fixedbugs/b.go", Action: ActionRun}, Class: Wrong},
		{Program: Program{Name: "fixedbugs/c.go", Action: ActionRun}, Class: Pass},
		{Program: Program{Name: "d.go", Action: ActionErrorcheck}, Class: WrongLine},
	}
	var b strings.Builder
	WriteTable(&b, outcomes)
	got := b.String()
	var rows []string
	for _, line := range strings.Split(got, "\n") {
		rows = append(rows, strings.Join(strings.Fields(line), " "))
	}
	for _, want := range []string{
		"test/fixedbugs 2 1 0 1 0 0 0 50.0%",
		"total 3 2 0 1 0 0 0 66.7%",
		"// errorcheck programs rejected wrong line accepted internal error timeout rate",
		"test/ 1 0 1 0 0 0 0.0%",
	} {
		require.Contains(t, rows, want, "table:\n%s", got)
	}
}
