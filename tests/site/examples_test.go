//go:build browser

package site

import (
	"fmt"
	"os"
	"path/filepath"
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

// TestEveryExampleRunsInThePage clicks Run on every example of every lesson
// and compares what the page shows with the output printed in the lesson
// (the example's expected-output file). It needs the real Go runtime in
// dist/ (make dist).
func TestEveryExampleRunsInThePage(t *testing.T) {
	// Not parallel: it walks every page (see harness_test.go).
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	ran := 0
	var failures []string
	for _, page := range pages(t, dist) {
		// A page whose file has no example is not opened: it would only
		// start a runtime that runs nothing here. The examples are in
		// the pages as built; the page must show exactly those.
		b, err := os.ReadFile(filepath.Join(dist, page))
		if err != nil {
			t.Fatal(err)
		}
		built := exampleNames(string(b))
		if built == "" {
			continue
		}
		load(t, ctx, srv.URL+page)
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
	}
	if ran < 9 {
		failures = append(failures, fmt.Sprintf("only %d examples ran; the course has at least 9", ran))
	}
	if got := p.All(); len(got) > 0 {
		failures = append(failures, "page problems:\n  "+strings.Join(got, "\n  "))
	}
	if len(failures) > 0 {
		t.Fatalf("%d of the examples failed:\n%s", len(failures), strings.Join(failures, "\n\n"))
	}
	t.Logf("%d examples ran and matched their lessons", ran)
}
