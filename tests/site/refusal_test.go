//go:build browser

package site

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refused is valid Go that the playground refuses before it runs.
const refused = "package main\n\nimport \"os\"\n\nfunc main() {\n\tos.Remove(\"notes.txt\")\n}\n"

// TestRefusalIsNamedAsSuch: a program the playground refuses is named
// "not supported by the playground" wherever the page names a result (a
// lesson example, the playground's status and Errors pane, an exercise's
// Run main), never a compile error, which would tell the learner that
// their Go is wrong.
func TestRefusalIsNamedAsSuch(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)

	openLesson(t, ctx, srv.URL+"token-bucket.html")
	const name = "bucket-basic"
	typeInto(t, ctx, name, refused)
	meta := runExample(t, ctx, name, runHang)
	stderr := part(t, ctx, name, "stderr")
	assert.True(t, strings.HasPrefix(meta, "Not supported by the playground"), "example meta %q", meta)
	assert.Contains(t, stderr, "On line 6, column 2: os.Remove is not supported by the playground", "example stderr")
	assert.Equal(t, 1, strings.Count(stderr, "not supported by the playground"), "example stderr names the refusal once: %q", stderr)
	assert.NotContains(t, meta+stderr, "ompile error", "example")

	load(t, ctx, srv.URL+"playground.html")
	require.NoError(t, waitFor(ctx, `globalThis.playground && !document.getElementById("run").disabled`, 60*time.Second))
	evalString(t, ctx, `playground.setSource(`+jsString(refused)+`), "ok"`)
	evalString(t, ctx, `document.getElementById("run").click(), "ok"`)
	require.NoError(t, waitFor(ctx, `document.body.dataset.state === "ready" && !document.getElementById("status").textContent.startsWith("Running")`, stepWait))
	status := evalString(t, ctx, `document.getElementById("status").textContent`)
	errs := evalString(t, ctx, `document.getElementById("stderr").textContent`)
	assert.Equal(t, "Not supported by the playground at line 6, column 2; nothing ran.", status, "playground status")
	assert.Contains(t, errs, "On line 6, column 2: os.Remove is not supported by the playground", "playground Errors pane")
	assert.Equal(t, 1, strings.Count(errs, "not supported by the playground"), "playground Errors pane names the refusal once: %q", errs)
	assert.NotContains(t, status+errs, "ompile", "playground")

	load(t, ctx, srv.URL+"exercise-token-bucket.html")
	require.NoError(t, waitFor(ctx, `!document.querySelector('[data-action="run"]').disabled`, 60*time.Second), "Run never enabled")
	insertAfter(t, ctx, exerciseViewJS(), "func main() {", "\n\tos.Remove(\"notes.txt\")")
	// The starter may not import os: the refusal then is an import's
	// compile error, which is not this test's point; add the import.
	if !strings.Contains(evalString(t, ctx, exerciseViewJS()+`.state.doc.toString()`), `"os"`) {
		insertAfter(t, ctx, exerciseViewJS(), "import (", "\n\t\"os\"")
	}
	evalString(t, ctx, `document.querySelector('[data-action="run"]').click(), "ok"`)
	require.NoError(t, waitFor(ctx, `/\b(ok|failed)\b/.test(document.querySelector('[data-role="run-output"] [data-role="meta"]').className)`, stepWait))
	exMeta := evalString(t, ctx, `document.querySelector('[data-role="run-output"] [data-role="meta"]').textContent`)
	exErr := evalString(t, ctx, `document.querySelector('[data-role="run-output"] [data-role="stderr"]').textContent`)
	assert.Equal(t, "Not supported by the playground", exMeta, "exercise Run main meta; stderr %q", exErr)
	assert.Regexp(t, `^On line \d+, column 2: os\.Remove is not supported by the playground`, exErr, "exercise Run main stderr")
	assert.Equal(t, 1, strings.Count(exErr, "not supported by the playground"), "exercise Run main stderr names the refusal once: %q", exErr)
	noProblems(t, ctx, p, "refusal")
}

// TestSharedNoticeGoesOnRun: the notice that a shared program was opened
// and that nothing has run stays through edits (nothing has run yet) and
// goes once the learner runs a program.
func TestSharedNoticeGoesOnRun(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	load(t, ctx, srv.URL+"playground.html")
	require.NoError(t, waitFor(ctx, `globalThis.playground && !document.getElementById("run").disabled`, 60*time.Second))
	evalString(t, ctx, `playground.setSource("package main\n\nfunc main() { println(\"shared\") }\n"), "ok"`)
	evalString(t, ctx, `document.getElementById("share").click(), "ok"`)
	require.NoError(t, waitFor(ctx, `document.getElementById("share-link").value.includes("#code=")`, stepWait))
	link := evalString(t, ctx, `document.getElementById("share-link").value`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"index.html"), chromedp.Navigate(link)))
	require.NoError(t, waitFor(ctx, `globalThis.playground && playground.source().includes("shared") && !document.getElementById("run").disabled`, 60*time.Second))
	require.False(t, evalBool(t, ctx, `document.getElementById("opened").hidden`), "the notice is shown on opening the link")
	assert.Contains(t, evalString(t, ctx, `document.getElementById("opened").textContent`), "Nothing has run")

	evalString(t, ctx, `document.querySelector("#source .cm-content").focus(), "ok"`)
	keys(t, ctx, "an edit", chromedp.KeyEvent("x"))
	assert.False(t, evalBool(t, ctx, `document.getElementById("opened").hidden`), "an edit leaves the notice")

	evalString(t, ctx, `playground.setSource("package main\n\nfunc main() { println(\"shared\") }\n"), "ok"`)
	evalString(t, ctx, `document.getElementById("run").click(), "ok"`)
	require.NoError(t, waitFor(ctx, `document.getElementById("stdout").textContent + document.getElementById("stderr").textContent !== "" && document.body.dataset.state === "ready"`, stepWait))
	assert.True(t, evalBool(t, ctx, `document.getElementById("opened").hidden`), "the notice is gone after a run")
	noProblems(t, ctx, p, "shared-notice")
}
