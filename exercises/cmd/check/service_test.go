package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises/attack"
)

// serviceFlags are the limits the service tests grade under: a small
// memory limit, so that the memory hog is stopped well before it matters
// to the machine, and one check at a time.
var serviceFlags = []string{"-json", "-memory", "256", "-parallel", "1", "-failfast"}

// Hostile submissions in a row, as a grading service meets them: each is
// reported with what it did (a check error, or the file refused), the
// memory hog is stopped by the watchdog at the limit, and an honest
// submission graded after them still passes. The figures (time, peak
// memory over 100 of them) are make bench-grader's.
func TestHostileSubmissionsInARow(t *testing.T) {
	e := exercise(t, attack.HostileSlug)
	for _, h := range attack.Hostiles() {
		timeout := 3 * time.Second
		if h.Timeout > 0 {
			timeout = h.Timeout
		}
		args := append(append([]string{}, serviceFlags...), "-timeout", timeout.String(), attack.HostileSlug, writeFile(t, h.Source()))
		code, out, errOut := check(t, args...)
		require.Equal(t, 1, code, "%s: exit code\nstdout:\n%s\nstderr:\n%s", h.Name, out, errOut)
		var r results
		require.NoError(t, json.Unmarshal([]byte(out), &r), "%s: results.json:\n%s", h.Name, out)
		require.NotEqual(t, "pass", r.Status, h.Name)
		var messages []string
		if r.Message != nil {
			messages = append(messages, *r.Message)
		}
		for _, tc := range r.Tests {
			if tc.Status == "error" && tc.Message != nil {
				messages = append(messages, *tc.Message)
			}
		}
		require.NotEmpty(t, messages, "%s: some check reports an error:\n%s", h.Name, out)
		all := strings.Join(messages, "\n")
		assert.Contains(t, all, h.Reason, "%s: the report says what went wrong", h.Name)
		if h.Name == "memory-hog" {
			assert.Contains(t, all, "more than the 256 MiB a check may use", "the watchdog stopped it at the limit")
		}
	}
	code, out, _ := check(t, append(append([]string{}, serviceFlags...), "-timeout", "20s", attack.HostileSlug, writeFile(t, e.Solution))...)
	assert.Equal(t, 0, code, "the honest solution still passes after the hostile ones:\n%s", out)
}
