package sandbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox/frontend"
)

func TestOSExit(t *testing.T) {
	cases := []struct {
		name       string
		src        string
		wantCode   int
		wantKind   Kind // "" for success
		wantStdout string
	}{
		{"status 3 skips deferred calls", "defer fmt.Println(\"deferred\")\nfmt.Println(\"before\")\nos.Exit(3)\nfmt.Println(\"after\")\n", 3, KindExit, "before\n"},
		{"status 0 is success", "fmt.Println(\"a\")\nos.Exit(0)\nfmt.Println(\"b\")\n", 0, "", "a\n"},
		{"low eight bits", "os.Exit(258)\n", 2, KindExit, ""},
		{"from a goroutine", "done := make(chan bool)\ngo func() { os.Exit(4) }()\n<-done\nfmt.Println(\"never\")\n", 4, KindExit, ""},
		{"from init", "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc init() {\n\tfmt.Println(\"init\")\n\tos.Exit(5)\n}\n\nfunc main() { fmt.Println(\"main\") }\n", 5, KindExit, "init\n"},
		{"after a panic is recovered", "func() {\n\tdefer func() { recover() }()\n\tpanic(1)\n}()\nos.Exit(6)\n", 6, KindExit, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if strings.Contains(c.src, "go func") {
				skipUnderRace(t)
			}
			res := runSource(t, c.src, Options{})
			assert.Equal(t, c.wantCode, res.ExitCode, "source:\n%s\nerr %v", c.src, res.Err)
			assert.Equal(t, c.wantStdout, res.Stdout, "source:\n%s", c.src)
			if c.wantKind == "" {
				require.Nil(t, res.Err, "source:\n%s", c.src)
				return
			}
			require.NotNil(t, res.Err, "source:\n%s", c.src)
			assert.Equal(t, c.wantKind, res.Err.Kind, "source:\n%s", c.src)
			assert.Equal(t, "exit status "+itoa(c.wantCode), res.Err.Message, "source:\n%s", c.src)
		})
	}
}

func TestOSStreamsAndEnvironment(t *testing.T) {
	src := `fmt.Fprintln(os.Stdout, "out", len(os.Args), os.Args[0])
fmt.Fprintln(os.Stderr, "err")
os.Stdout.WriteString("ws\n")
v, ok := os.LookupEnv("HOME")
fmt.Println(os.Getenv("PATH") == "", v == "", ok, len(os.Environ()), os.Stdout.Name())
fmt.Printf("%T\n", os.Stderr)
n, err := os.Stdin.Read(make([]byte, 4))
fmt.Println(n, err)
os.Args = append(os.Args, "changed")
os.Stdout = nil
`
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	assert.Equal(t, "out 1 prog\nws\ntrue true false 0 /dev/stdout\n*os.File\n0 EOF\n", res.Stdout)
	assert.Equal(t, "err\n", res.Stderr)

	// The next run has its own os: the assignments above are gone.
	again := runSource(t, "fmt.Println(os.Args, os.Stdout != nil)\n", Options{})
	requireSuccess(t, src, again)
	assert.Equal(t, "[prog] true\n", again.Stdout)
}

func TestOSRefusesFilesProcessesAndNetwork(t *testing.T) {
	cases := []struct{ src, what string }{
		{"f, _ := os.Open(\"x\")\n_ = f\n", "os.Open"},
		{"os.WriteFile(\"x\", nil, 0o644)\n", "os.WriteFile"},
		{"_ = os.Getpid()\n", "os.Getpid"},
		{"os.Setenv(\"A\", \"b\")\n", "os.Setenv"},
		{"_, _ = os.Hostname()\n", "os.Hostname"},
		{"_ = os.Stdout.Fd()\n", "(*os.File).Fd"},
		{"os.Stdout.Seek(0, 0)\n", "(*os.File).Seek"},
	}
	for _, c := range cases {
		res := runSource(t, c.src, Options{})
		require.NotNil(t, res.Err, "source:\n%s", c.src)
		assert.Equal(t, KindUnsupported, res.Err.Kind, "source:\n%s", c.src)
		assert.Contains(t, res.Err.Message, c.what+" is not supported by the playground", "source:\n%s", c.src)
		assert.Equal(t, 1, res.Err.Line, "source:\n%s: %v", c.src, res.Err)
	}
}

// TestOSTableMatchesFrontEnd keeps the run's os and the front end's list
// of what os offers the same.
func TestOSTableMatchesFrontEnd(t *testing.T) {
	r := newRun(t.Context(), Options{}, false)
	defer r.stop()
	var got []string
	for name := range r.bindOS() {
		got = append(got, name)
	}
	assert.ElementsMatch(t, frontend.OSNames, got)
}
