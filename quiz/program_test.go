package quiz

import (
	"bytes"
	"context"
	"go/parser"
	"go/token"
	"os/exec"
	"path"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// interpreterImports are the packages an output program may import: the
// standard library packages the browser's interpreter offers and the
// course's own core packages, so each program also runs in the browser.
var interpreterImports = map[string]bool{
	"context": true, "errors": true, "fmt": true, "math": true,
	"math/rand/v2": true, "sort": true, "strings": true, "sync": true, "time": true,
}

const corePrefix = "github.com/flakylab/flakylab/core/"

// TestOutputProgramsMatchKeys runs every output question's program with
// `go run` and checks the answer key against what it prints, so a key can
// never drift from its program.
func TestOutputProgramsMatchKeys(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("runs the go command (not under -short, and not inside wasm)")
	}
	// go test puts its own GOROOT/bin first on the test's PATH.
	goBin, err := exec.LookPath("go")
	require.NoError(t, err, "the go command")
	for _, q := range defaultBank(t).Questions {
		if q.Kind != Output {
			continue
		}
		t.Run(q.ID, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			pkg := "./" + path.Join("bank", path.Dir(q.Program))
			cmd := exec.CommandContext(ctx, goBin, "run", pkg)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Run(), "go run %s\nstderr:\n%s", pkg, stderr.String())
			assert.NoError(t, CheckOutput(q, stdout.String()), "go run %s", pkg)
		})
	}
}

// TestOutputProgramsImportOnlyWhatTheInterpreterHas keeps the programs
// runnable in the browser, where only an allow-list of packages exists.
func TestOutputProgramsImportOnlyWhatTheInterpreterHas(t *testing.T) {
	for _, q := range defaultBank(t).Questions {
		if q.Kind != Output {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), q.Program, q.Source, parser.ImportsOnly)
		require.NoError(t, err, "parsing %s", q.Program)
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			ok := interpreterImports[p] || strings.HasPrefix(p, corePrefix)
			assert.True(t, ok, "%s imports %q, which the interpreter does not offer", q.Program, p)
		}
	}
}

func TestCheckOutput(t *testing.T) {
	q := Question{ID: "q", Kind: Output, Choices: []Choice{
		{ID: "a", Text: "1\n2", Correct: true},
		{ID: "b", Text: "2\n1"},
	}}
	cases := []struct {
		stdout string
		ok     bool
	}{
		{"1\n2\n", true},
		{"1  \r\n2\r\n\n", true},
		{"2\n1\n", false},
		{"", false},
	}
	for _, c := range cases {
		err := CheckOutput(q, c.stdout)
		assert.Equal(t, c.ok, err == nil, "stdout %q: want ok=%v, got error %v", c.stdout, c.ok, err)
	}
	err := CheckOutput(Question{ID: "n", Kind: Numeric}, "1")
	assert.Error(t, err, "a numeric question has no program output to check")
}
