//go:build browser

package site

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// exampleTag is an example's section as the site builder writes it.
var exampleTag = regexp.MustCompile(`<section[^>]*\bclass="example"[^>]*\bdata-example="([^"]+)"`)

// exampleNames lists the examples of a built page, in order, separated by
// spaces.
func exampleNames(html string) string {
	var names []string
	for _, m := range exampleTag.FindAllStringSubmatch(html, -1) {
		names = append(names, m[1])
	}
	return strings.Join(names, " ")
}

// runExamples checks the examples of page, open in the tab: the page shows
// the examples its file was built with (built, from exampleNames), its Go
// runtime is ready, and Run on each prints the output its lesson shows (the
// example's expected-output file). It returns how many ran and what went
// wrong.
func runExamples(t *testing.T, ctx context.Context, page, built string) (ran int, failures []string) {
	t.Helper()
	names := evalString(t, ctx, `[...document.querySelectorAll("section.example[data-example]")].map((s) => s.dataset.example).join(" ")`)
	if names != built {
		failures = append(failures, fmt.Sprintf("%s shows the examples %q, its file has %q", page, names, built))
	}
	if state := evalString(t, ctx, runtimeState); state != "ready" {
		text := evalString(t, ctx, `document.querySelector('[data-role="runtime-text"]').textContent`)
		failWithShot(t, ctx, "examples-"+shotName(page), "%s: the Go runtime is %q, not ready (%s)", page, state, text)
	}
	for _, name := range strings.Fields(names) {
		root := fmt.Sprintf(`document.querySelector('section.example[data-example=%q]')`, name)
		// A script click: the fixed runtime status bar may cover a button
		// that was just scrolled to the bottom edge of the window.
		evalString(t, ctx, root+`.querySelector('button[data-action="run"]').click(), "ok"`)
		done := root + `.dataset.running === "false" && /\b(ok|failed)\b/.test(` + root + `.querySelector('[data-role="meta"]').className)`
		if err := waitFor(ctx, done, runHang); err != nil {
			failures = append(failures, fmt.Sprintf("%s: did not finish: %v", name, err))
			screenshot(t, ctx, "FAIL-example-"+name)
			continue
		}
		ran++
		got := evalString(t, ctx, root+`.querySelector('[data-role="stdout"]').textContent`)
		want := evalString(t, ctx, root+`.querySelector('template[data-role="expected"]').content.textContent`)
		meta := evalString(t, ctx, root+`.querySelector('[data-role="meta"]').textContent`)
		if got != want || !strings.HasPrefix(meta, "finished") {
			stderr := evalString(t, ctx, root+`.querySelector('[data-role="stderr"]').textContent`)
			failures = append(failures, fmt.Sprintf("%s (%s): %s\n--- got\n%s--- want\n%s--- stderr\n%s", name, page, meta, got, want, stderr))
			screenshot(t, ctx, "FAIL-example-"+name)
		}
	}
	return ran, failures
}
