package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
)

const sample = `package main

import (
	"context"
	"math/rand/v2"
	"time"
)

type Policy struct {
	Sleep func(ctx context.Context, d time.Duration) error
	Rand  *rand.Rand
}

func Wait(p Policy, ctx context.Context, n, m int, now time.Time) (time.Duration, time.Time) {
	d := time.Duration(p.Rand.Int64N(int64(n)))
	if n > m {
		d = d - 2
	}
	_ = p.Sleep(ctx, d)
	return d, now
}

func main() {
	if 1 < 2 {
		println("main is left alone")
	}
}
`

func TestGenerateMakesEachKindOfMutant(t *testing.T) {
	ms, err := Generate(sample)
	require.NoError(t, err)
	ids := map[string]string{}
	for _, m := range ms {
		require.NotContains(t, ids, m.ID, "mutant IDs are unique")
		ids[m.ID] = m.Source
	}
	for _, tc := range []struct{ id, text string }{
		{"16:5: > → >=", "if n >= m"},
		{"16:5: > → <=", "if n <= m"},
		{"16:9: bound + 1", "if n > (m)+1"},
		{"16:9: bound - 1", "if n > (m)-1"},
		{"17:11: 2 → 3", "d = d - 3"},
		{"17:11: 2 → 1", "d = d - 1"},
		{"17:7: - → +", "d = d + 2"},
		{"17:7: swap the operands of -", "d = 2 - d"},
		{"15:21: the global rand.Int64N for the injected source", "time.Duration(rand.Int64N(int64(n)))"},
		{"14:52: time.Now() for the parameter now", "return d, time.Now()"},
		{"19:6: time.Sleep for the injected Sleep", "time.Sleep(d)"},
	} {
		src, ok := ids[tc.id]
		if assert.True(t, ok, "want a mutant %q; have %v", tc.id, keys(ids)) {
			assert.Contains(t, src, tc.text, "mutant %q", tc.id)
		}
	}
	if src, ok := ids["17:3: drop `d = d - 2`"]; assert.True(t, ok, "a dropped statement") {
		assert.NotContains(t, src, "d = d - 2")
	}
	for id, src := range ids {
		assert.Less(t, id, "23:", "nothing in main (lines 23 to 27) is mutated: %s", id)
		assert.Contains(t, src, `if 1 < 2 {`, "main is unchanged in %s", id)
		assert.NotEqual(t, sample, src, "%s changes something", id)
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestReadEquivalent(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "mutants.md")
	require.NoError(t, os.WriteFile(name, []byte("# x\n\n| exercise | mutant | reason |\n|---|---|---|\n"+
		"| a | `1:2: > → >=` | same at the boundary |\n"+
		"| a | `` 3:4: drop `x++` `` | dead code |\n"+
		"| b | `5:6: && → \\|\\|` | only outside the contract |\n"), 0o644))
	got, err := readEquivalent(name)
	require.NoError(t, err)
	assert.Equal(t, map[string]map[string]string{
		"a": {"1:2: > → >=": "same at the boundary", "3:4: drop `x++`": "dead code"},
		"b": {"5:6: && → ||": "only outside the contract"},
	}, got)

	require.NoError(t, os.WriteFile(name, []byte("| a | `1:2: x` |  |\n"), 0o644))
	_, err = readEquivalent(name)
	assert.ErrorContains(t, err, "has no reason")
}

// Every mutant exercises/mutants.md lists is still a mutant of the
// current solution: an edited solution moves lines, and the list must
// follow.
func TestEquivalentListMatchesTheSolutions(t *testing.T) {
	listed, err := readEquivalent("../../mutants.md")
	require.NoError(t, err)
	for slug, ids := range listed {
		e, err := exercises.Get(slug)
		require.NoError(t, err, "mutants.md names an exercise that does not exist")
		src, err := os.ReadFile(filepath.Join("../..", e.Slug, "solution.go"))
		require.NoError(t, err)
		ms, err := Generate(string(src))
		require.NoError(t, err)
		have := map[string]bool{}
		for _, m := range ms {
			have[m.ID] = true
		}
		for id, reason := range ids {
			assert.True(t, have[id], "%s: mutants.md lists %q, which the solution no longer yields", slug, id)
			assert.False(t, strings.HasPrefix(reason, "TODO"), "%s %s has a reason", slug, id)
		}
	}
}
