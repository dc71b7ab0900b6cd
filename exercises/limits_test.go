package exercises_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDeepSourceIsRefusedBeforeParsing: a file nested thousands of levels
// deep would overflow a browser worker's stack in the parser; the grader
// refuses it with the playground's limit first.
func TestDeepSourceIsRefusedBeforeParsing(t *testing.T) {
	e := mustGet(t, "token-bucket")
	deep := strings.Replace(e.Starter, "package main\n", "package main\n\nvar deep = "+strings.Repeat("(", 5000)+"1"+strings.Repeat(")", 5000)+"\n", 1)
	require.NotEqual(t, e.Starter, deep)
	ds := e.Validate(deep)
	require.NotEmpty(t, ds, "want a diagnostic")
	assert.Contains(t, ds[0].Message, "not supported by the playground", "diagnostics %v", ds)
	assert.Equal(t, 3, ds[0].Line, "diagnostics %v", ds)
	plan := e.Plan(deep, 1)
	assert.Empty(t, plan.Runs, "nothing to run for a refused file")
	assert.NotEmpty(t, plan.Diagnostics)
}
