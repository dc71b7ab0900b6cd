package exercises

import (
	"fmt"
	"go/format"
	"regexp"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var checkEntry = regexp.MustCompile(`(?m)^\s+"([a-z0-9-]+)":\s+chk[A-Za-z0-9]+,$`)

// The checks each exercise lists are exactly the ones its harness runs.
func TestHarnessRunsTheListedChecks(t *testing.T) {
	for _, e := range All() {
		var inHarness []string
		for _, m := range checkEntry.FindAllStringSubmatch(e.checks[0], -1) {
			inHarness = append(inHarness, m[1])
		}
		listed := e.CheckNames()
		sort.Strings(inHarness)
		sort.Strings(listed)
		assert.Equal(t, listed, inHarness, "%s: checks in the catalogue vs in checks.go", e.Slug)
	}
}

// Every Go file shown to learners or run by the grader is gofmt-clean.
func TestSourcesAreFormatted(t *testing.T) {
	check := func(name, src string) {
		formatted, err := format.Source([]byte(src))
		require.NoError(t, err, name)
		assert.Equal(t, string(formatted), src, "%s is not gofmt-formatted", name)
	}
	check("harness/prelude.go", prelude)
	for _, e := range All() {
		check(e.Slug+"/starter.go", e.Starter)
		check(e.Slug+"/solution.go", e.Solution)
		for i, c := range e.checks {
			check(fmt.Sprintf("%s/checks file %d", e.Slug, i+1), c)
		}
		for n, src := range e.Wrong {
			check(e.Slug+"/wrong/"+n, src)
		}
		for n, src := range e.Alternatives {
			check(e.Slug+"/alt/"+n, src)
		}
	}
}

func TestDefaultName(t *testing.T) {
	for path, want := range map[string]string{
		"time": "time", "math/rand/v2": "rand", "github.com/flakylab/flakylab/core/bucket": "bucket", "v2": "v2",
	} {
		assert.Equal(t, want, defaultName(path), "defaultName(%q)", path)
	}
}
