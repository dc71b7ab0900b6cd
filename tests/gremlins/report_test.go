package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sampleOutput = `{
  "go_module": "github.com/flakylab/flakylab",
  "files": [
    {"file_name": "refill.go", "mutations": [
      {"type": "CONDITIONALS_BOUNDARY", "status": "LIVED", "line": 40, "column": 7},
      {"type": "ARITHMETIC_BASE", "status": "KILLED", "line": 12, "column": 3}
    ]},
    {"file_name": "bucket.go", "mutations": [
      {"type": "CONDITIONALS_NEGATION", "status": "KILLED", "line": 58, "column": 41},
      {"type": "CONDITIONALS_BOUNDARY", "status": "LIVED", "line": 207, "column": 19},
      {"type": "INVERT_NEGATIVES", "status": "NOT COVERED", "line": 9, "column": 2},
      {"type": "ARITHMETIC_BASE", "status": "TIMED OUT", "line": 10, "column": 5},
      {"type": "ARITHMETIC_BASE", "status": "NOT VIABLE", "line": 11, "column": 5},
      {"type": "CONDITIONALS_NEGATION", "status": "KILLED", "line": 61, "column": 33}
    ]}
  ],
  "test_efficacy": 50
}`

func TestParseOutput(t *testing.T) {
	ms, err := parseOutput(strings.NewReader(sampleOutput), "core/bucket")
	require.NoError(t, err)
	require.Len(t, ms, 8)
	// Sorted by file, line, column: bucket.go before refill.go.
	assert.Equal(t, mutant{Pkg: "core/bucket", File: "core/bucket/bucket.go", Line: 9, Column: 2,
		Type: "INVERT_NEGATIVES", Status: statusNotCovered}, ms[0])
	assert.Equal(t, "core/bucket/refill.go", ms[7].File)
	assert.Equal(t, 40, ms[7].Line)
	assert.Equal(t, "refill.go:40:7", ms[7].Position())

	_, err = parseOutput(strings.NewReader("{"), "core/bucket")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "core/bucket")
}

func TestCount(t *testing.T) {
	ms, err := parseOutput(strings.NewReader(sampleOutput), "core/bucket")
	require.NoError(t, err)
	tests := []struct {
		name string
		eq   equivalents
		want tally
		eff  float64
		raw  float64
	}{
		{"nothing listed", equivalents{},
			tally{Pkg: "core/bucket", Total: 8, Killed: 3, Lived: 2, GremlinsLived: 2, NotCovered: 1, TimedOut: 1, NotViable: 1}, 60, 60},
		{"one survivor listed", equivalents{equivalentKey("core/bucket", "bucket.go:207:19", "CONDITIONALS_BOUNDARY"): {}},
			tally{Pkg: "core/bucket", Total: 8, Killed: 3, Lived: 1, GremlinsLived: 2, Equivalent: 1, NotCovered: 1, TimedOut: 1, NotViable: 1}, 75, 60},
		{"unreachable code listed", equivalents{equivalentKey("core/bucket", "bucket.go:9:2", "INVERT_NEGATIVES"): {}},
			tally{Pkg: "core/bucket", Total: 8, Killed: 3, Lived: 2, GremlinsLived: 2, Equivalent: 1, TimedOut: 1, NotViable: 1}, 60, 60},
		{"listed under another mutation", equivalents{equivalentKey("core/bucket", "bucket.go:207:19", "CONDITIONALS_NEGATION"): {}},
			tally{Pkg: "core/bucket", Total: 8, Killed: 3, Lived: 2, GremlinsLived: 2, NotCovered: 1, TimedOut: 1, NotViable: 1}, 60, 60},
		{"listed under another package", equivalents{equivalentKey("core/retry", "bucket.go:207:19", "CONDITIONALS_BOUNDARY"): {}},
			tally{Pkg: "core/bucket", Total: 8, Killed: 3, Lived: 2, GremlinsLived: 2, NotCovered: 1, TimedOut: 1, NotViable: 1}, 60, 60},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := count("core/bucket", ms, tt.eq)
			assert.Equal(t, tt.want, got)
			assert.InDelta(t, tt.eff, got.Efficacy(), 1e-9, "efficacy of %+v", got)
			assert.InDelta(t, tt.raw, got.RawEfficacy(), 1e-9, "raw efficacy of %+v", got)
		})
	}
}

func TestEfficacyWithNothingRun(t *testing.T) {
	empty := tally{Pkg: "core/clock", NotCovered: 4}
	assert.InDelta(t, 100, empty.Efficacy(), 1e-9)
	assert.InDelta(t, 100, empty.RawEfficacy(), 1e-9)
	allEquivalent := tally{Equivalent: 2, GremlinsLived: 2}
	assert.InDelta(t, 100, allEquivalent.Efficacy(), 1e-9)
	assert.InDelta(t, 0, allEquivalent.RawEfficacy(), 1e-9)
}

func TestWriteTable(t *testing.T) {
	var buf bytes.Buffer
	writeTable(&buf, []tally{
		{Pkg: "core/bucket", Total: 10, Killed: 9, Lived: 1},
		{Pkg: "core/retry", Total: 20, Killed: 20},
	}, 95)
	lines := strings.Split(buf.String(), "\n")
	require.GreaterOrEqual(t, len(lines), 3, "table:\n%s", buf.String())
	assert.Contains(t, lines[1], "core/bucket")
	assert.Contains(t, lines[1], "90.0%")
	assert.Contains(t, lines[1], "below 95%", "a package under the target is marked")
	assert.Contains(t, lines[2], "100.0%")
	assert.NotContains(t, lines[2], "below")
}

func TestWriteList(t *testing.T) {
	ms, err := parseOutput(strings.NewReader(sampleOutput), "core/bucket")
	require.NoError(t, err)
	eq := equivalents{equivalentKey("core/bucket", "refill.go:40:7", "CONDITIONALS_BOUNDARY"): {}}
	lines := func(file string, n int) string { return fmt.Sprintf("\t%s line %d  ", file, n) }
	var buf bytes.Buffer
	writeList(&buf, "Survivors", statusLived, ms, eq, lines)
	want := "\nSurvivors (1):\n  core/bucket/bucket.go:207:19 CONDITIONALS_BOUNDARY  core/bucket/bucket.go line 207\n"
	assert.Equal(t, want, buf.String())

	buf.Reset()
	writeList(&buf, "Timed out", statusTimedOut, ms, eq, lines)
	assert.Contains(t, buf.String(), "Timed out (1):")
	assert.Contains(t, buf.String(), "core/bucket/bucket.go:10:5")

	buf.Reset()
	writeList(&buf, "Survivors", statusLived, ms[:1], eq, lines)
	assert.Empty(t, buf.String(), "no survivors, no list")
}
