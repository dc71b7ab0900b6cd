package exercises_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/sandbox/frontend"
)

// TestPackagesAreTheAllowListWithoutTheForbidden: every exercise offers
// each allowed package but its forbidden ones, in the allow-list's order.
func TestPackagesAreTheAllowListWithoutTheForbidden(t *testing.T) {
	for _, e := range exercises.All() {
		got := e.Packages()
		assert.NotEmpty(t, e.Forbid, "%s forbids the package it asks you to write", e.Slug)
		assert.Len(t, got, len(frontend.Allowed)-len(e.Forbid), "%s: packages %v", e.Slug, got)
		for _, p := range frontend.Allowed {
			assert.Equal(t, !slices.Contains(e.Forbid, p), slices.Contains(got, p), "%s: offers %s", e.Slug, p)
		}
		assert.True(t, slices.IsSortedFunc(got, func(a, b string) int {
			return slices.Index(frontend.Allowed, a) - slices.Index(frontend.Allowed, b)
		}), "%s: packages in the allow-list's order: %v", e.Slug, got)
	}
}

func TestIsStarter(t *testing.T) {
	for _, e := range exercises.All() {
		assert.True(t, e.IsStarter(e.Starter), "%s: the starter itself", e.Slug)
		assert.True(t, e.IsStarter(strings.ReplaceAll(e.Starter, "\n", " \r\n")+"\n\n"), "%s: CRLF, trailing spaces and blank lines", e.Slug)
		assert.False(t, e.IsStarter(e.Starter+"\n// my note\n"), "%s: a comment added", e.Slug)
		assert.False(t, e.IsStarter(""), "%s: an empty file", e.Slug)
	}
}
