//go:build browser

package exercisesbrowser

import (
	"context"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/attack"
	"github.com/flakylab/flakylab/sandbox"
)

func pagePasses(r pageResult) int {
	n := 0
	for _, c := range r.Checks {
		if c.Status == "pass" {
			n++
		}
	}
	return n
}

// recordedPass returns when the page recorded the exercise as passed
// ("" if never).
func recordedPass(t *testing.T, ctx context.Context, slug string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const all = JSON.parse(localStorage.getItem("flakylab:exercises") || "{}");
		const e = (all.exercises || {})[`+js(slug)+`];
		return e && e.passed ? String(e.passed) : "";
	})()`))
	require.NoError(t, err)
	return v
}

// Every trick of the attack suite (exercises/attack) in the exercise page:
// none passes, none passes more checks than the wrong submission it is
// built on, the refused ones say why, the page never records the exercise
// as passed, and the real verdicts never reach what the page shows or
// stores.
func TestAttacksInThePage(t *testing.T) {
	dir := mustDist(t)
	base := startServer(t, dir)
	ctx := newBrowser(t, 15*time.Minute)
	attacks := attack.All()
	sort.SliceStable(attacks, func(i, j int) bool { return attacks[i].Slug < attacks[j].Slug })
	basePasses := map[string]int{}
	opened := ""
	for _, a := range attacks {
		t.Run(a.Slug+"/"+a.Name, func(t *testing.T) {
			if a.Needs != "" && !slices.Contains(sandbox.Allowed(), a.Needs) {
				t.Skipf("needs %q on the playground's allow-list", a.Needs)
			}
			e, err := exercises.Get(a.Slug)
			require.NoError(t, err)
			if opened != a.Slug {
				open(t, ctx, base, a.Slug)
				opened = a.Slug
			}
			r := submit(t, ctx, a.Slug, a.Source(e))
			assert.NotEqual(t, "pass", r.Status, "%s passed in the page: %+v", a.Name, r)
			assert.Empty(t, recordedPass(t, ctx, a.Slug), "the page recorded %s as passed after %s", a.Slug, a.Name)
			assertNoVerdictLeak(t, readTrace(t, ctx), a.Name)
			if a.Refused {
				assert.Equal(t, "error", r.Status, "%s is refused before any check runs", a.Name)
				diag, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-role="diagnostics"]').textContent`))
				require.NoError(t, err)
				assert.Contains(t, diag, a.Phrase, "refused for the trick")
				return
			}
			key := a.Slug + "\x00" + a.Base(e)
			if _, ok := basePasses[key]; !ok {
				basePasses[key] = pagePasses(submit(t, ctx, a.Slug, a.Base(e)))
			}
			assert.LessOrEqual(t, pagePasses(r), basePasses[key], "%s passes more checks than the wrong submission it is built on: %+v", a.Name, r)
			for _, c := range r.Checks {
				assert.False(t, strings.HasPrefix(c.Message, "internal error"), "check %s: %s", c.Check, c.Message)
			}
		})
	}
}

// The recursive full-jitter solution is correct and passes in the page:
// the checks keep attempt numbers within what the page's stack can take.
// An endless recursion is reported as the page's stack running out.
func TestDeepRecursionInThePage(t *testing.T) {
	dir := mustDist(t)
	base := startServer(t, dir)
	ctx := newBrowser(t, 10*time.Minute)
	jitter, err := exercises.Get("full-jitter")
	require.NoError(t, err)
	open(t, ctx, base, jitter.Slug)
	patientRuns(t, ctx)
	r := submit(t, ctx, jitter.Slug, jitter.Alternatives["recursive.go"])
	assert.Equal(t, "pass", r.Status, "the recursive solution passes in the page: %+v", r)

	for _, h := range attack.Hostiles() {
		if h.Name != "deep-recursion" {
			continue
		}
		open(t, ctx, base, attack.HostileSlug)
		r := submit(t, ctx, attack.HostileSlug, h.Source())
		require.NotEmpty(t, r.Checks)
		first := r.Checks[0]
		assert.Equal(t, "error", first.Status)
		if strings.Contains(first.Message, "timed out") {
			t.Logf("the recursion ran into the watchdog before the stack ran out: %s", first.Message)
		} else {
			assert.Contains(t, first.Message, "the page's stack is limited", "check %s", first.Check)
		}
	}
}
