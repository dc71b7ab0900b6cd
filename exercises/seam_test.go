package exercises_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The page's grading seam (web/grade.js) is JavaScript; these tests run
// its Node unit tests and check that the Go it writes is what Go reads.

func node(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	return path
}

func TestSeamNodeTests(t *testing.T) {
	out, err := exec.Command(node(t), "--test", "web/").CombinedOutput()
	require.NoError(t, err, "node --test web/:\n%s", out)
}

func TestSeamWritesGoThatGoReads(t *testing.T) {
	sources := []string{
		"package main\n\nvar s = `raw` + \"q\\\"\" // é 😀\n",
		"line1\r\nline2\ttab \\ back\x07bell\u2028sep",
	}
	in, err := json.Marshal(sources)
	require.NoError(t, err)
	// A JavaScript string may hold a lone surrogate, which Go cannot: it
	// arrives as U+FFFD.
	in = append(in[:len(in)-1], `,"lone \ud800 surrogate"]`...)
	sources = append(sources, "lone \uFFFD surrogate")
	script := `import("./web/grade.js").then(g => {
		const srcs = JSON.parse(process.argv[1]);
		process.stdout.write(JSON.stringify(srcs.map(s => g.graderProgram("PlanJSON(" + g.goString("token-bucket") + ", " + g.goString(s) + ")"))));
	})`
	out, err := exec.Command(node(t), "--input-type=module", "-e", script, string(in)).Output()
	require.NoError(t, err)
	var programs []string
	require.NoError(t, json.Unmarshal(out, &programs))
	require.Len(t, programs, len(sources))
	for i, prog := range programs {
		f, err := parser.ParseFile(token.NewFileSet(), "grade.go", prog, 0)
		require.NoError(t, err, "program %d:\n%s", i, prog)
		var args []string
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && lit.Value != `"fmt"` && lit.Value != `"github.com/flakylab/flakylab/exercises"` {
				s, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				args = append(args, s)
			}
			return true
		})
		require.Len(t, args, 2, "program %d", i)
		assert.Equal(t, "token-bucket", args[0])
		assert.Equal(t, sources[i], args[1], "source %d survives the trip", i)
	}
}
