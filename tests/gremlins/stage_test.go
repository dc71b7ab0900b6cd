package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStageModuleCopiesOnlyWhatCoreNeeds(t *testing.T) {
	root, dst := t.TempDir(), t.TempDir()
	files := map[string]string{
		"go.mod":                   "module example.com/m\n",
		"go.sum":                   "",
		"core/a/a.go":              "package a\n",
		"core/a/testdata/case.txt": "data\n",
		"web/site.go":              "package web\n",
		"dist/flakylab.wasm":       "big\n",
	}
	for name, text := range files {
		p := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	require.NoError(t, stageModule(root, dst))
	for name, text := range files {
		got, err := os.ReadFile(filepath.Join(dst, name))
		if filepath.Dir(name) == "web" || filepath.Dir(name) == "dist" {
			assert.True(t, os.IsNotExist(err), "%s is staged, want it left out", name)
			continue
		}
		require.NoError(t, err, "%s is not staged", name)
		assert.Equal(t, text, string(got), name)
	}
}

func TestSourceFilesLine(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "core"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "core/a.go"), []byte("one\ntwo\n"), 0o644))
	s := newSourceFiles(root)
	tests := []struct {
		file string
		n    int
		want string
	}{
		{"core/a.go", 1, "one"},
		{"core/a.go", 2, "two"},
		{"core/a.go", 0, ""},
		{"core/a.go", 9, ""},
		{"core/missing.go", 1, ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, s.line(tt.file, tt.n), "%s line %d", tt.file, tt.n)
	}
}
