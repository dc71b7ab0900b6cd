package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, write(dir))
	b, err := os.ReadFile(filepath.Join(dir, "exercises.json"))
	require.NoError(t, err)
	var site []exercises.SiteExercise
	require.NoError(t, json.Unmarshal(b, &site))
	require.Len(t, site, len(exercises.All()))
	for _, e := range exercises.All() {
		sol, err := os.ReadFile(filepath.Join(dir, e.Slug, "solution.go"))
		require.NoError(t, err, e.Slug)
		assert.Equal(t, e.Solution, string(sol), "%s/solution.go", e.Slug)
		assert.NotContains(t, string(b), e.Solution, "exercises.json must not carry the solution of %s", e.Slug)
	}
}
