package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseEquivalents(t *testing.T) {
	text := `# Equivalent mutants

Some prose | with a bar that is not a row.

| package | position | mutation | why it is equivalent |
|---|---|---|---|
| core/bucket | bucket.go:207:19 | CONDITIONALS_BOUNDARY | setting last to now when now == last changes nothing |
|core/retry|policy.go:3:1|ARITHMETIC_BASE|x|
`
	eq, err := parseEquivalents(strings.NewReader(text))
	require.NoError(t, err)
	require.Len(t, eq, 2)
	e := eq[equivalentKey("core/bucket", "bucket.go:207:19", "CONDITIONALS_BOUNDARY")]
	assert.Equal(t, 7, e.Line)
	assert.Equal(t, "setting last to now when now == last changes nothing", e.Reason)
	assert.True(t, eq.has(mutant{Pkg: "core/retry", File: "core/retry/policy.go", Line: 3, Column: 1, Type: "ARITHMETIC_BASE"}))
	assert.False(t, eq.has(mutant{Pkg: "core/retry", File: "core/retry/policy.go", Line: 3, Column: 2, Type: "ARITHMETIC_BASE"}))
}

func TestParseEquivalentsRejects(t *testing.T) {
	header := "| package | position | mutation | why |\n|---|---|---|---|\n"
	tests := []struct {
		name, row, want string
	}{
		{"three cells", "| core/bucket | bucket.go:1:1 | ARITHMETIC_BASE |", "line 3: want 4 cells"},
		{"not core", "| sandbox | a.go:1:1 | ARITHMETIC_BASE | r |", `line 3: package "sandbox"`},
		{"no column", "| core/bucket | bucket.go:1 | ARITHMETIC_BASE | r |", `position "bucket.go:1"`},
		{"line zero", "| core/bucket | bucket.go:0:4 | ARITHMETIC_BASE | r |", `position "bucket.go:0:4"`},
		{"a path", "| core/bucket | core/bucket/bucket.go:1:4 | ARITHMETIC_BASE | r |", "is not file.go:line:column"},
		{"unknown mutation", "| core/bucket | bucket.go:1:1 | FLIP | r |", `unknown mutation "FLIP"`},
		{"no reason", "| core/bucket | bucket.go:1:1 | ARITHMETIC_BASE |  |", "line 3: no reason"},
		{"listed twice", "| core/bucket | bucket.go:1:1 | ARITHMETIC_BASE | a |\n| core/bucket | bucket.go:1:1 | ARITHMETIC_BASE | b |",
			"line 4: core/bucket bucket.go:1:1 ARITHMETIC_BASE is already listed on line 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseEquivalents(strings.NewReader(header + tt.row + "\n"))
			require.Error(t, err, "row %q", tt.row)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestStale(t *testing.T) {
	eq := equivalents{}
	for i, e := range []equivalent{
		{Pkg: "core/bucket", Position: "bucket.go:207:19", Type: "CONDITIONALS_BOUNDARY"}, // still a survivor
		{Pkg: "core/bucket", Position: "bucket.go:12:3", Type: "ARITHMETIC_BASE"},         // killed now
		{Pkg: "core/bucket", Position: "bucket.go:99:1", Type: "ARITHMETIC_BASE"},         // code moved
		{Pkg: "core/retry", Position: "policy.go:1:1", Type: "ARITHMETIC_BASE"},           // not run
		{Pkg: "core/bucket", Position: "bucket.go:30:2", Type: "INVERT_NEGATIVES"},        // unreachable code
	} {
		e.Line = i + 1
		eq[equivalentKey(e.Pkg, e.Position, e.Type)] = e
	}
	run := map[string][]mutant{"core/bucket": {
		{Pkg: "core/bucket", File: "core/bucket/bucket.go", Line: 207, Column: 19, Type: "CONDITIONALS_BOUNDARY", Status: statusLived},
		{Pkg: "core/bucket", File: "core/bucket/bucket.go", Line: 12, Column: 3, Type: "ARITHMETIC_BASE", Status: statusKilled},
		{Pkg: "core/bucket", File: "core/bucket/bucket.go", Line: 30, Column: 2, Type: "INVERT_NEGATIVES", Status: statusNotCovered},
	}}
	st := eq.stale(run)
	require.Len(t, st, 2)
	assert.Equal(t, "bucket.go:12:3", st[0].Position)
	assert.Equal(t, "bucket.go:99:1", st[1].Position)
}
