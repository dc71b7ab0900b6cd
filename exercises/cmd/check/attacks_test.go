package main

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises/attack"
	"github.com/flakylab/flakylab/sandbox"
)

// attackSeed seeds every grading of the attack suite, so that an attack
// and the wrong submission it is built on meet the same random cases.
const attackSeed = "7"

// gradeJSON grades src through the command and returns its exit code and
// results.json.
func gradeJSON(t *testing.T, slug, src string) (int, results, string) {
	t.Helper()
	code, out, errOut := check(t, "-json", "-seed", attackSeed, slug, writeFile(t, src))
	var r results
	require.NoError(t, json.Unmarshal([]byte(out), &r), "results.json of %s:\n%s\nstderr:\n%s", slug, out, errOut)
	return code, r, out
}

func passes(r results) int {
	n := 0
	for _, tc := range r.Tests {
		if tc.Status == "pass" {
			n++
		}
	}
	return n
}

// baselines grades each wrong submission an attack is built on once.
var baselines sync.Map // slug + source -> *baseline

type baseline struct {
	once   sync.Once
	passes int
}

// Every trick of issue 11, and the ones an attacker would try next, on the
// wrong submission it is built on: refused with the reason, or graded
// without passing more checks than the wrong submission alone. The verdict
// never reaches the output.
func TestAttacksDoNotPass(t *testing.T) {
	for _, a := range attack.All() {
		t.Run(a.Slug+"/"+a.Name, func(t *testing.T) {
			t.Parallel()
			if a.Needs != "" && !slices.Contains(sandbox.Allowed(), a.Needs) {
				t.Skipf("needs %q on the playground's allow-list, which does not have it yet", a.Needs)
			}
			e := exercise(t, a.Slug)
			src := a.Source(e)
			require.NotEqual(t, a.Base(e), src, "the trick changes the submission")
			code, r, out := gradeJSON(t, a.Slug, src)
			assert.Equal(t, 1, code, "exit code of %s\n%s", a.Name, out)
			assert.NotEqual(t, "pass", r.Status, "%s passed:\n%s", a.Name, out)
			assert.NotContains(t, out, `\"seed\":`, "the checks' verdict (which has a seed) never reaches the report's output")
			if a.Refused {
				require.Equal(t, "error", r.Status, "%s is refused before any check runs:\n%s", a.Name, out)
				require.NotNil(t, r.Message)
				assert.Contains(t, *r.Message, a.Phrase, "refused for the trick")
				assert.Empty(t, r.Tests)
				return
			}
			v, _ := baselines.LoadOrStore(a.Slug+"\x00"+a.Base(e), &baseline{})
			b := v.(*baseline)
			b.once.Do(func() {
				_, br, _ := gradeJSON(t, a.Slug, a.Base(e))
				b.passes = passes(br)
			})
			assert.LessOrEqual(t, passes(r), b.passes, "%s passes more checks than the wrong submission it is built on:\n%s", a.Name, out)
			for _, tc := range r.Tests {
				if tc.Message != nil {
					assert.False(t, strings.HasPrefix(*tc.Message, "internal error"), "check %s: %s", tc.Name, *tc.Message)
				}
			}
		})
	}
}
