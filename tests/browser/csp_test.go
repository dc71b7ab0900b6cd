//go:build browser

package browser_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
	"github.com/flakylab/flakylab/web/serve"
)

// recordViolations keeps every securitypolicyviolation event of the
// documents the tab opens in window.cspViolations.
const recordViolations = `window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.cspViolations.push(e.effectiveDirective + " blocked " + (e.blockedURI || "inline") +
    " at " + e.sourceFile + ":" + e.lineNumber);
});`

// runFirstExample clicks Run on the page's first runnable thing (a lesson
// example, an exercise's Run main or the playground's Run) once the Go
// runtime is ready, and resolves to what happened: "" when the page has
// nothing to run, "ran" after a run ended, or what was missing.
const runFirstExample = `(async () => {
  const wait = async (cond, ms) => {
    const end = performance.now() + ms;
    while (!cond()) {
      if (performance.now() > end) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  };
  if (document.getElementById("run") && document.getElementById("stop")) {
    if (!await wait(() => ["ready", "error"].includes(document.body.dataset.state), 60000)) return "the playground never got ready";
    document.getElementById("run").click();
    // Not Stop's enabling and disabling: a quick run may do both between two looks.
    return await wait(() => document.body.dataset.state === "ready" &&
      document.getElementById("status").textContent.includes("Finished"), 60000) ? "ran" : "the playground's run did not end";
  }
  const example = document.querySelector("section.example[data-example]");
  if (!example) return "";
  if (!await wait(() => example.querySelector(".cm-editor"), 60000)) return "the example's editor never showed";
  example.querySelector('button[data-action="run"]').click();
  return await wait(() => example.dataset.running === "false" &&
    /\b(ok|failed)\b/.test(example.querySelector('[data-role="meta"]').className), 60000)
    ? "ran" : "the example's run did not end";
})()`

// TestContentSecurityPolicyOnEveryPage opens every page of the site as the
// server sends it (with serve.ContentSecurityPolicy) and fails on any
// violation of the policy or any other problem of the page. On a lesson and
// on the playground it also waits for the Go runtime (compiled in the page
// and in workers under the policy) and runs a program; the other browser
// suites, served by the same handler, run every example and exercise under
// it. Then it shows that the policy is enforced and seen: an inline script
// and an inline style are refused and reported.
func TestContentSecurityPolicyOnEveryPage(t *testing.T) {
	ctx, p := tab(t)
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordViolations})
	require.NoError(t, err)
	pages, err := filepath.Glob(filepath.Join(shared.dir, "*.html"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(pages), 2, "pages in %s", shared.dir)
	ran := 0
	for _, f := range pages {
		name := filepath.Base(f)
		url := shared.server.URL + name
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)), "opening %s", name)
		require.NoError(t, browser.WaitFor(ctx, `document.readyState === "complete"`, 30*time.Second), name)
		csp := eval[string](t, ctx, `fetch(location.href, {cache: "no-store"}).then(async (r) => { await r.text(); return r.headers.get("Content-Security-Policy"); })`)
		require.Equal(t, serve.ContentSecurityPolicy, csp, "%s: the policy the page was served with", name)
		if name == "token-bucket.html" || name == "playground.html" {
			switch got := eval[string](t, ctx, runFirstExample); got {
			case "ran":
				ran++
			default:
				t.Errorf("%s: %q, want a run", name, got)
			}
		}
		time.Sleep(300 * time.Millisecond) // late loads (charts, bundles, the offline copy)
		violations := eval[[]string](t, ctx, `window.cspViolations`)
		assert.Empty(t, violations, "%s: violations of %s", name, serve.ContentSecurityPolicy)
	}
	assert.Equal(t, 2, ran, "runs on the lesson and the playground")
	assert.Empty(t, p.All(), "problems of the pages")

	// The control: the same tab, the same listener, content the policy forbids.
	eval[chromedp.Void](t, ctx, `(() => {
		const s = document.createElement("script");
		s.textContent = "window.inlineRan = true";
		document.body.append(s);
		document.body.setAttribute("style", "outline: 3px solid red");
	})()`)
	require.NoError(t, browser.WaitFor(ctx, `window.cspViolations.length >= 2`, 10*time.Second),
		"an inline script and an inline style were not reported as violations")
	violations := eval[[]string](t, ctx, `window.cspViolations`)
	assert.True(t, slices.ContainsFunc(violations, func(v string) bool { return strings.HasPrefix(v, "script-src") }), "violations: %q", violations)
	assert.True(t, slices.ContainsFunc(violations, func(v string) bool { return strings.HasPrefix(v, "style-src-attr") }), "violations: %q", violations)
	assert.False(t, eval[bool](t, ctx, `window.inlineRan === true`), "the inline script ran")
}
