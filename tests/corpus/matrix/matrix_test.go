//go:build !(js && wasm)

package matrix

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// knownWrongPath lists the cases the playground still gets wrong, one name
// a line. It may only shrink: a case not listed that is wrong fails the
// test, and so does a listed case that is no longer wrong.
const knownWrongPath = "testdata/known_wrong.txt"

func golden(t *testing.T) map[string]Want {
	t.Helper()
	g, err := ReadGolden(GoldenPath)
	require.NoError(t, err)
	return g
}

// TestGoldenMatchesCases: every case has its go run output, recorded from
// its current source (go generate ./tests/corpus/matrix rewrites it).
func TestGoldenMatchesCases(t *testing.T) {
	g := golden(t)
	cases := Cases()
	require.Len(t, g, len(cases), "golden cases vs generated cases: run go generate ./tests/corpus/matrix")
	for _, c := range cases {
		w, ok := g[c.Name]
		if assert.True(t, ok, "%s: not in %s: run go generate ./tests/corpus/matrix", c.Name, GoldenPath) {
			assert.Equal(t, c.Hash(), w.Hash, "%s: source changed since %s was made: run go generate ./tests/corpus/matrix", c.Name, GoldenPath)
		}
	}
}

// TestGoldenIsGoRun: the golden file is what the Go toolchain prints now.
func TestGoldenIsGoRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the matrix with the go command")
	}
	got, err := RunNatively(Cases())
	if err != nil && strings.Contains(err.Error(), "executable file not found") {
		t.Skip("no go command")
	}
	require.NoError(t, err)
	g := golden(t)
	for name, w := range got {
		assert.Equal(t, w, g[name], "%s: want (go run now) vs got (%s): run go generate ./tests/corpus/matrix", name, GoldenPath)
	}
}

func readKnownWrong(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(knownWrongPath)
	require.NoError(t, err)
	out := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	return out
}

// TestPlaygroundMatchesGoRun runs the matrix through the playground's
// engine: every case prints what go run prints or is refused at a line
// of the program, except the listed known-wrong ones.
func TestPlaygroundMatchesGoRun(t *testing.T) {
	g := golden(t)
	known := readKnownWrong(t)
	var cases []Case
	for i, c := range Cases() {
		if i%sampleEvery == 0 {
			cases = append(cases, c)
		}
	}
	outcomes := ClassifyAll(cases, g)
	var nowRight []string
	for _, o := range outcomes {
		if o.Class == Wrong && !known[o.Case.Name] {
			t.Errorf("%s: WRONG (not in %s)\n%s\nprogram:\n%s", o.Case.Name, knownWrongPath, o.Detail, o.Case.Source())
		}
		if o.Class != Wrong && known[o.Case.Name] {
			nowRight = append(nowRight, o.Case.Name)
		}
	}
	sort.Strings(nowRight)
	assert.Empty(t, nowRight, "listed in %s but now %s: take them off the list", knownWrongPath, "pass or refused")
	t.Logf("by holder:\n%s", Table(outcomes, 1))
}
