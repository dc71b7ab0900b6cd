//go:build browser

package site

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/tests/browser"
)

// axe-core (npm, a dev dependency) is injected into each page through the
// DevTools protocol, so the pages' own Content-Security-Policy does not need
// to allow it.
var axeSource = sync.OnceValues(func() (string, error) {
	root, err := browser.RepoRoot()
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(filepath.Join(root, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		return "", fmt.Errorf("axe-core is missing (run npm ci): %w", err)
	}
	return string(b), nil
})

// axeViolation is one rule that failed, with the nodes it failed on.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		HTML    string `json:"html"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// axeRun injects axe-core into the tab (once per document) and returns the
// violations of the whole page as it is now.
func axeRun(t *testing.T, ctx context.Context) []axeViolation {
	t.Helper()
	src, err := axeSource()
	if err != nil {
		t.Fatal(err)
	}
	if !evalBool(t, ctx, `typeof window.axe === "object"`) {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](src)); err != nil {
			t.Fatalf("injecting axe-core: %v", err)
		}
	}
	sctx, cancel := context.WithTimeout(ctx, 3*time.Minute) // only a hang's
	defer cancel()
	out, err := chromedp.Run(sctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then((r) => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("running axe-core: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe-core's answer: %v", err)
	}
	return vs
}

func evalBool(t *testing.T, ctx context.Context, expr string) bool {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// axeTally counts axe-core's failing nodes by impact over many checks, and
// keeps the serious and critical ones to report.
type axeTally struct {
	mu     sync.Mutex
	counts map[string]int
	rules  map[string]int
	faults []string
}

func (a *axeTally) add(where string, vs []axeViolation) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.counts == nil {
		a.counts, a.rules = map[string]int{}, map[string]int{}
	}
	for _, v := range vs {
		a.counts[v.Impact] += len(v.Nodes)
		a.rules[v.Impact+" "+v.ID] += len(v.Nodes)
		if v.Impact != "serious" && v.Impact != "critical" {
			continue
		}
		var nodes []string
		for i, n := range v.Nodes {
			if i == 3 {
				nodes = append(nodes, fmt.Sprintf("… and %d more", len(v.Nodes)-3))
				break
			}
			html := n.HTML
			if len(html) > 140 {
				html = html[:140] + "…"
			}
			nodes = append(nodes, fmt.Sprintf("%v %s", n.Target, html))
		}
		a.faults = append(a.faults, fmt.Sprintf("%s: %s (%s, %d nodes): %s\n      %s", where, v.ID, v.Impact, len(v.Nodes), v.Help, strings.Join(nodes, "\n      ")))
	}
}

func (a *axeTally) summary() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	var keys []string
	for k := range a.counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, a.counts[k]))
	}
	if len(parts) == 0 {
		return "no failing nodes"
	}
	var rules []string
	for k, n := range a.rules {
		rules = append(rules, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(rules)
	return "failing nodes by impact: " + strings.Join(parts, ", ") + "; by rule: " + strings.Join(rules, ", ")
}

// axeSizes are the two windows every page is checked at: a laptop and a
// phone.
var axeSizes = []struct {
	name string
	w, h int64
}{
	{"desktop", 1280, 800},
	{"phone", 390, 844},
}

// axeBothSizes runs axe-core on the page as it is, first at the size it
// has (axeSizes[at]), then at the other one (the page reflows to the
// emulated window, as when a window is resized or a phone turned), and
// gives the tab its size back.
func axeBothSizes(t *testing.T, ctx context.Context, tally *axeTally, where string, at int) {
	t.Helper()
	for _, i := range []int{at, 1 - at} {
		size := axeSizes[i]
		setWindow(t, ctx, size.w, size.h)
		tally.add(size.name+" "+where, axeRun(t, ctx))
	}
	setWindow(t, ctx, axeSizes[at].w, axeSizes[at].h)
}

// setWindow emulates a window of w×h and waits two frames, so that the
// page's own resize handlers (the charts' redraws) have run.
func setWindow(t *testing.T, ctx context.Context, w, h int64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatal(err)
	}
	evalString(t, ctx, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r("ok"))))`)
}

// TestAccessibilityOfEveryPage runs axe-core on every page of the site at
// 1280×800 and 390×844, and again after a learner has used it: an example
// run, an example that fails to compile, a quick check answered and an
// exercise checked, a playground run that failed to compile. It fails on
// any serious or critical violation and logs the count of failing nodes by
// impact. Each page is loaded once, at the phone's size for half of them
// and at the laptop's for the others, and checked at both: a load starts a
// Go runtime on most pages, and the two checks of a state need only the
// page in that state. Two tabs side by side share the work: this test
// is the package's longest, and the parallel tests start in no set order.
func TestAccessibilityOfEveryPage(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	if _, err := axeSource(); err != nil {
		t.Fatal(err)
	}
	var tally axeTally
	t.Cleanup(func() {
		t.Log(tally.summary())
		if len(tally.faults) > 0 {
			t.Errorf("%d serious or critical accessibility violations:\n  %s", len(tally.faults), strings.Join(tally.faults, "\n  "))
		}
	})
	all := pages(t, dist)
	for half := range 2 {
		t.Run(fmt.Sprintf("pages-%d", half+1), func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t, 15*time.Minute)
			if _, err := chromedp.Call(ctx, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true}); err != nil {
				t.Fatal(err)
			}
			for i := half; i < len(all); i += 2 {
				at := i / 2 % 2
				setWindow(t, ctx, axeSizes[at].w, axeSizes[at].h)
				load(t, ctx, srv.URL+all[i])
				axeBothSizes(t, ctx, &tally, all[i], at)
			}
			setWindow(t, ctx, axeSizes[0].w, axeSizes[0].h)
			if half == 0 {
				axeAfterUseLesson(t, ctx, srv.URL, &tally)
			} else {
				axeAfterUseExerciseAndPlayground(t, ctx, dist, srv.URL, &tally)
			}
		})
	}
}

// axeAfterUseLesson checks, at both sizes, the states a learner brings a
// lesson into: an example run, an example that fails to compile, a quick
// check answered.
func axeAfterUseLesson(t *testing.T, ctx context.Context, base string, tally *axeTally) {
	t.Helper()
	load(t, ctx, base+"token-bucket.html")
	if meta := runExample(t, ctx, "bucket-basic", runHang); !strings.HasPrefix(meta, "finished") {
		t.Fatalf("bucket-basic: %s", meta)
	}
	axeBothSizes(t, ctx, tally, "token-bucket.html after a run", 0)

	typeInto(t, ctx, "bucket-basic", "package main\n\nfunc main() {\n\tx := 1\n}\n")
	if meta := runExample(t, ctx, "bucket-basic", runHang); strings.HasPrefix(meta, "finished") {
		t.Fatalf("a program with an unused variable ran: %s", meta)
	}
	axeBothSizes(t, ctx, tally, "token-bucket.html after a compile error", 0)

	evalString(t, ctx, `document.querySelector(".quick-check input[type=radio], .quick-check input").click(), "ok"`)
	evalString(t, ctx, `(document.querySelector(".quick-check button[type=submit], .quick-check form button") || {click(){}}).click(), "ok"`)
	axeBothSizes(t, ctx, tally, "token-bucket.html after a quick check", 0)
}

// exerciseLink finds the lesson's link to its exercise in the built page.
var exerciseLink = regexp.MustCompile(`<a href="([^"]+)" data-exercise-link=`)

// axeAfterUseExerciseAndPlayground checks, at both sizes, the token bucket
// lesson's exercise after a Check and the playground after a run that
// fails to compile.
func axeAfterUseExerciseAndPlayground(t *testing.T, ctx context.Context, dist, base string, tally *axeTally) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dist, "token-bucket.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := exerciseLink.FindSubmatch(b)
	if m == nil {
		t.Fatal("token-bucket.html links to no exercise (a[data-exercise-link])")
	}
	ex := string(m[1])
	load(t, ctx, base+ex)
	if err := waitFor(ctx, `document.querySelector('[data-role="exercise"]').dataset.ready === "true"`, runHang); err != nil {
		failWithShot(t, ctx, "axe-exercise", "%s: the Go runtime never got ready: %v", ex, err)
	}
	evalString(t, ctx, `document.querySelector('[data-action="check"]').click(), "ok"`)
	if err := waitFor(ctx, `document.querySelector('[data-role="exercise"]').dataset.status !== undefined && document.querySelector('[data-role="exercise"]').dataset.state === "idle"`, 3*time.Minute); err != nil {
		failWithShot(t, ctx, "axe-exercise", "%s: Check never finished: %v", ex, err)
	}
	axeBothSizes(t, ctx, tally, ex+" after a check", 0)

	// The playground after a run that fails to compile: the error line
	// marked in the editor, the Errors pane filled.
	load(t, ctx, base+"playground.html")
	if err := waitFor(ctx, `document.body.dataset.state === "ready"`, runHang); err != nil {
		failWithShot(t, ctx, "axe-playground", "the playground's runtime never got ready: %v", err)
	}
	evalString(t, ctx, `playground.setSource("package main\n\nfunc main() {\n\tx := 1\n}\n"), document.getElementById("run").click(), "ok"`)
	if err := waitFor(ctx, `document.body.dataset.state === "ready" && document.querySelector("#source .cm-error-line") !== null`, runHang); err != nil {
		failWithShot(t, ctx, "axe-playground", "the compile error was not marked in the editor: %v", err)
	}
	axeBothSizes(t, ctx, tally, "playground.html after a compile error", 0)
}
