package frontend

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox/frontend/internal/apidata"
	"github.com/flakylab/flakylab/sandbox/frontend/internal/apidata/apitest"
	"github.com/flakylab/flakylab/sandbox/frontend/internal/exportgen"
)

// TestBundleMatchesCompiler: every package in Allowed, as the runtime reads
// it from exportdata.bin, describes the same API as go/importer's reading of
// the compiler's export data: every object with its type, every type it
// reaches (other packages' and unexported ones included) with its
// underlying type, type parameters and constraints, methods, method sets,
// struct fields and interface method sets, and constants' exact values.
// Any difference would be a false compile error or a wrong answer.
func TestBundleMatchesCompiler(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("needs the go command")
	}
	want, err := exportgen.Load(".", Allowed)
	require.NoError(t, err)
	imp, err := apidata.NewImporter(exportData)
	require.NoError(t, err)
	diffs, n := apitest.Compare(want, imp)
	for i, d := range diffs {
		if i == 20 {
			t.Errorf("and %d more", len(diffs)-i)
			break
		}
		t.Error(d)
	}
	assert.Greater(t, n, 1000, "descriptions compared")
	t.Logf("%d objects and types compared", n)
}
