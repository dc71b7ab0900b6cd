//go:build browser

package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResetMatchMarkFoldAndIndent: an example starts with its import block
// folded (and still runs in full); Enter indents with a tab; a run shows
// whether the output matches the lesson's; Reset brings back the lesson's
// output and clears a stale error; a wide line marks the panel as
// scrolling.
func TestResetMatchMarkFoldAndIndent(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	openLesson(t, ctx, srv.URL+"token-bucket.html")
	const name = "bucket-basic"
	root := ex(name)
	assert.Equal(t, "import (…)", evalString(t, ctx, root+`.querySelector(".cm-foldPlaceholder") ? "import (" + `+root+`.querySelector(".cm-foldPlaceholder").textContent + ")" : "none"`), "the import block starts folded")
	assert.Contains(t, docOf(t, ctx, name), `"github.com/flakylab/flakylab/core/bucket"`, "the folded import is still in the program")

	meta := runExample(t, ctx, name, runHang)
	require.True(t, strings.HasPrefix(meta, "finished"), "the original: %s", meta)
	assert.Equal(t, "true", evalString(t, ctx, root+`.querySelector('[data-role="match"]').dataset.match`), "match mark after running the original")
	assert.True(t, evalBool(t, ctx, `!`+root+`.querySelector('[data-role="match"]').hidden`), "the match mark is visible")

	// Enter after "{" indents the new line with a tab, as gofmt does.
	evalString(t, ctx, `(() => { const v = `+viewJS(name)+`; const at = v.state.doc.toString().indexOf("func main() {") + "func main() {".length; v.focus(); v.dispatch({selection: {anchor: at}}); return "ok"; })()`)
	keys(t, ctx, "Enter", chromedp.KeyEvent(kb.Enter))
	assert.Contains(t, docOf(t, ctx, name), "func main() {\n\t\n", "Enter after an opening brace")

	// Enter right after a long paste, before the editor has had a moment
	// to parse it, still indents by Go's syntax, not by copying the line's
	// indentation: the paste and the key are one task, with no idle time
	// between them in which the editor could finish parsing (inside an
	// edit it parses about what the window shows: 2 of these 4 kB).
	got := evalString(t, ctx, `(() => {
  const v = `+viewJS(name)+`;
  let text = "\n";
  for (let i = 0; i < 60; i++) text += "func f" + i + "(n int) int {\n\tif n > 0 {\n\t\treturn n\n\t}\n\treturn 0\n}\n\n";
  text += "func last() {\n\tif true {";
  const end = v.state.doc.length;
  v.dispatch({changes: {from: end, insert: text}, selection: {anchor: end + text.length}});
  v.contentDOM.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", code: "Enter", keyCode: 13, bubbles: true, cancelable: true}));
  const doc = v.state.doc.toString();
  return JSON.stringify(doc.slice(doc.lastIndexOf("func last()")));
})()`)
	assert.Equal(t, `"func last() {\n\tif true {\n\t\t"`, got, "Enter right after pasting 60 functions")

	typeInto(t, ctx, name, "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\""+strings.Repeat("wide ", 80)+"\")\n\tvar x int\n}\n")
	meta = runExample(t, ctx, name, runHang)
	assert.Contains(t, meta, "Compile error", "a program with an unused variable")
	assert.Equal(t, "false", evalString(t, ctx, root+`.querySelector('[data-role="match"]').dataset.match`), "match mark after an error")
	typeInto(t, ctx, name, "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\""+strings.Repeat("wide ", 80)+"\")\n}\n")
	runExample(t, ctx, name, runHang)
	assert.Equal(t, "true", evalString(t, ctx, root+`.querySelector('[data-role="stdout"]').dataset.overflows`), "a 400-character line overflows the panel")
	assert.Equal(t, "false", evalString(t, ctx, root+`.querySelector('[data-role="match"]').dataset.match`), "match mark for other output")

	// Break it again, then Reset: the lesson's output is back, the error gone.
	typeInto(t, ctx, name, "package main\n\nfunc main() {\n\tvar y int\n}\n")
	runExample(t, ctx, name, runHang)
	require.True(t, evalBool(t, ctx, `!`+root+`.querySelector('[data-role="stderr-wrap"]').hidden`), "the error is shown before Reset")
	evalString(t, ctx, root+`.querySelector('button[data-action="reset"]').click(), "ok"`)
	assert.Equal(t, expectedOf(t, ctx, name), part(t, ctx, name, "stdout"), "output after Reset")
	assert.True(t, evalBool(t, ctx, root+`.querySelector('[data-role="stderr-wrap"]').hidden`), "stderr after Reset")
	assert.True(t, evalBool(t, ctx, root+`.querySelector('[data-role="match"]').hidden`), "match mark after Reset")
	assert.Equal(t, "expected", evalString(t, ctx, root+`.querySelector('[data-role="output"]').dataset.state`))
	assert.Equal(t, 0, evalInt(t, ctx, `document.querySelectorAll(".cm-error-line").length`), "error line marks after Reset")
	noProblems(t, ctx, p, "reset")
}

func evalInt(t *testing.T, ctx context.Context, expr string) int {
	t.Helper()
	return int(evalFloat(t, ctx, expr))
}

// TestPlaygroundLinksShareAndKeeps: the index and every example link to the
// playground; an example's link carries its code; the playground keeps the
// learner's edits across a reload; Share makes a link that opens the same
// program without running it; a damaged link says why and loses nothing.
func TestPlaygroundLinksShareAndKeeps(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	load(t, ctx, srv.URL+"index.html")
	assert.True(t, evalBool(t, ctx, `!!document.querySelector('main a[href="playground.html"]')`), "the index links to the playground")
	openLesson(t, ctx, srv.URL+"token-bucket.html")
	assert.Equal(t, evalInt(t, ctx, `document.querySelectorAll("section.example").length`), evalInt(t, ctx, `document.querySelectorAll('section.example a[data-role="playground"]').length`), "every example has an Open in playground link")

	typeInto(t, ctx, "bucket-burst", "package main\n\nfunc main() { println(\"from the lesson\") }\n")
	evalString(t, ctx, ex("bucket-burst")+`.querySelector('a[data-role="playground"]').click(), "ok"`)
	require.NoError(t, waitFor(ctx, `location.pathname.endsWith("playground.html") && globalThis.playground && playground.source().includes("from the lesson")`, stepWait), "the example's link did not open its code in the playground")
	assert.Contains(t, evalString(t, ctx, `document.getElementById("opened").textContent`), "Nothing has run")
	assert.Empty(t, evalString(t, ctx, `document.getElementById("stdout").textContent`), "a shared program ran without Run")

	// Edits are kept across a reload.
	// At once: the save waiting for the typing to pause is made as the page goes.
	evalString(t, ctx, `playground.setSource("package main\n\nfunc main() { println(\"kept\") }\n", {save: true}), "ok"`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	require.NoError(t, waitFor(ctx, `globalThis.playground && playground.source().includes("kept")`, stepWait), "the playground lost its program on reload")

	// Share, then open the link in a fresh state: same program, not run.
	require.NoError(t, waitFor(ctx, `!document.getElementById("run").disabled`, 60*time.Second))
	evalString(t, ctx, `document.getElementById("share").click(), "ok"`)
	require.NoError(t, waitFor(ctx, `document.getElementById("share-link").value.includes("#code=")`, stepWait))
	link := evalString(t, ctx, `document.getElementById("share-link").value`)
	evalString(t, ctx, `localStorage.clear(), "ok"`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"index.html"), chromedp.Navigate(link)))
	require.NoError(t, waitFor(ctx, `globalThis.playground && playground.source().includes("kept")`, stepWait), "the shared link did not open its program")
	require.NoError(t, waitFor(ctx, `!document.getElementById("run").disabled`, 60*time.Second))
	time.Sleep(300 * time.Millisecond)
	assert.Empty(t, evalString(t, ctx, `document.getElementById("stdout").textContent`), "a shared link ran its program")

	// A damaged link: a clear message, and the learner's program unchanged.
	evalString(t, ctx, `playground.setSource("package main\n\nfunc main() { println(\"mine\") }\n", {save: true}), "ok"`)
	time.Sleep(400 * time.Millisecond)
	for _, frag := range []string{"#code=%%%", "#code=AAAA", "#code="} {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"index.html"), chromedp.Navigate(srv.URL+"playground.html"+frag)))
		require.NoError(t, waitFor(ctx, `!document.getElementById("opened").hidden`, stepWait), "%s: no message", frag)
		msg := evalString(t, ctx, `document.getElementById("opened").textContent`)
		assert.Contains(t, msg, "could not be opened", "%s: message", frag)
		assert.Contains(t, msg, "unchanged", "%s: message", frag)
		assert.Contains(t, evalString(t, ctx, `playground.source()`), `println("mine")`, "%s: the learner's program", frag)
	}
	noProblems(t, ctx, p, "playground")
}

// TestExerciseRunShowsMain: Run on an exercise page runs the learner's
// main and shows what it prints, apart from Check.
func TestExerciseRunShowsMain(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	load(t, ctx, srv.URL+"exercise-token-bucket.html")
	require.NoError(t, waitFor(ctx, `!document.querySelector('[data-action="run"]').disabled`, 60*time.Second), "Run never enabled")
	insertAfter(t, ctx, exerciseViewJS(), "func main() {", "\n\tprintln(\"my own main\")")
	evalString(t, ctx, `document.querySelector('[data-action="run"]').click(), "ok"`)
	require.NoError(t, waitFor(ctx, `/\b(ok|failed)\b/.test(document.querySelector('[data-role="run-output"] [data-role="meta"]').className)`, stepWait))
	got := evalString(t, ctx, `document.querySelector('[data-role="run-output"] [data-role="stdout"]').textContent + document.querySelector('[data-role="run-output"] [data-role="stderr"]').textContent`)
	assert.Contains(t, got, "my own main", "what Run main shows")
	assert.Equal(t, "Not checked", evalString(t, ctx, `document.querySelector('[data-role="score"]').textContent.slice(0, 11)`), "Run does not check")
	noProblems(t, ctx, p, "exercise-run")
}

// TestLessonContentsFirstExampleAndMenu: every lesson has a table of
// contents whose links land on its headings; the first example of the
// course is short and comes after the text that explains Run; Esc closes the
// Sections menu.
func TestLessonContentsFirstExampleAndMenu(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	lessons := 0
	for _, pg := range pages(t, dist) {
		// The contents are in the page as served: only the lessons are
		// opened, and each only until its document has loaded, not until
		// its Go runtime is up, which this check does not need.
		b, err := os.ReadFile(filepath.Join(dist, pg))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `class="lesson-page`) {
			continue
		}
		lessons++
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+pg)); err != nil {
			t.Fatalf("opening %s: %v", pg, err)
		}
		require.NoError(t, waitFor(ctx, `document.readyState === "complete"`, stepWait), pg)
		require.True(t, evalBool(t, ctx, `document.body.classList.contains("lesson-page")`), "%s: its file is a lesson's, the page is not", pg)
		bad := evalString(t, ctx, `(() => { const links = [...document.querySelectorAll("nav.lesson-toc a")]; if (links.length < 2) return "only " + links.length + " entries"; return links.filter((a) => !document.getElementById(a.hash.slice(1))).map((a) => a.hash).join(" "); })()`)
		assert.Empty(t, bad, "%s: table of contents", pg)
	}
	assert.GreaterOrEqual(t, lessons, 8, "lessons found in the built pages")
	load(t, ctx, srv.URL+"intro.html")
	order := evalString(t, ctx, `(() => {
  const first = document.querySelector("section.example");
  const explains = [...document.querySelectorAll("main p")].find((p) => /press\s+Run/i.test(p.textContent));
  if (!explains) return "no paragraph explains Run";
  if (explains.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_PRECEDING) return "the first example comes before the explanation of Run";
  return "ok";
})()`)
	assert.Equal(t, "ok", order)
	first := evalString(t, ctx, `document.querySelector("section.example").dataset.example`)
	lines := strings.Count(docOf(t, ctx, first), "\n")
	assert.LessOrEqual(t, lines, 20, "the first example, %s, has %d lines", first, lines)

	evalString(t, ctx, `document.querySelector("details.toc summary").focus(), "ok"`)
	keys(t, ctx, "open the menu", chromedp.KeyEvent(kb.Enter))
	require.True(t, evalBool(t, ctx, `document.querySelector("details.toc").open`), "Enter opens the Sections menu")
	keys(t, ctx, "Esc", chromedp.KeyEvent(kb.Escape))
	assert.False(t, evalBool(t, ctx, `document.querySelector("details.toc").open`), "Esc closes the Sections menu")
	assert.Equal(t, "SUMMARY", evalString(t, ctx, `document.activeElement.tagName`), "the focus goes back to the menu's button")
}

// storageCanFill makes the pages ctx opens refuse to save edits
// (QuotaExceededError, as a full storage does) while window.__full is true.
func storageCanFill(t *testing.T, ctx context.Context) {
	t.Helper()
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (window.__full && String(k).startsWith("flakylab:code:")) throw new DOMException("full", "QuotaExceededError");
    return set.call(this, k, v);
  };
})();`})
	require.NoError(t, err)
}

// TestFullStorageKeepsEditsAndSaysSo: when the browser refuses to save, the
// edit stays in the page, a notice says so, and saving is retried until it
// works.
func TestFullStorageKeepsEditsAndSaysSo(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	storageCanFill(t, ctx)
	openLesson(t, ctx, srv.URL+"token-bucket.html")
	evalString(t, ctx, `window.__full = true, "ok"`)
	const edit = "package main\n\nfunc main() { println(\"not saved yet\") }\n"
	typeInto(t, ctx, "bucket-basic", edit)
	require.NoError(t, waitFor(ctx, `!!document.querySelector('[data-role="storage-full"]')`, stepWait), "no notice when the storage is full")
	assert.Contains(t, evalString(t, ctx, `document.querySelector('[data-role="storage-full"]').textContent`), "kept in this page")
	// The notice stays in sight while the learner reads on: at the foot
	// of the page it is still inside the window.
	assert.Equal(t, "in sight", evalString(t, ctx, `(() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const r = document.querySelector('[data-role="storage-full"]').getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight ? "in sight" : "top " + r.top + ", bottom " + r.bottom + ", window " + innerHeight + ", scrolled " + scrollY;
})()`), "the storage-full notice at the foot of the page")
	assert.Equal(t, "null", evalString(t, ctx, `String(localStorage.getItem("flakylab:code:bucket-basic"))`))
	evalString(t, ctx, `window.__full = false, "ok"`)
	require.NoError(t, waitFor(ctx, `localStorage.getItem("flakylab:code:bucket-basic") !== null`, stepWait), "the kept edit was never saved")
	assert.Contains(t, evalString(t, ctx, `localStorage.getItem("flakylab:code:bucket-basic")`), "not saved yet")
	assert.Contains(t, evalString(t, ctx, `document.querySelector('[data-role="storage-full"]').textContent`), "Saving works again")
}

// TestFullStorageNoticeOverAWideExercise: on an exercise page wide enough
// for its code column to stick to the top of the window, the storage-full
// notice (which sticks there too) does not cover the code: the column
// moves down under it, and back up once saving works again.
func TestFullStorageNoticeOverAWideExercise(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	storageCanFill(t, ctx)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1600, 700)))
	load(t, ctx, srv.URL+"exercise-retry-loop.html")
	require.NoError(t, waitFor(ctx, `document.querySelector(".exercise-work .cm-editor") !== null`, stepWait), "the exercise's editor never came")
	evalString(t, ctx, `window.__full = true, "ok"`)
	evalString(t, ctx, `(() => { const v = `+exerciseViewJS()+`; v.dispatch({changes: {from: 0, insert: "// not saved yet\n"}}); return "ok"; })()`)
	require.NoError(t, waitFor(ctx, `!!document.querySelector('[data-role="storage-full"]')`, stepWait), "no notice when the storage is full")
	type boxes struct{ NoticeTop, NoticeBottom, CodeTop, CodeBottom, Scrolled, Window float64 }
	measure := func() boxes {
		b, err := chromedp.Run(ctx, chromedp.Evaluate[boxes](`new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  // Into the work area, past its top: where the code column sticks.
  const work = document.querySelector(".exercise-work").getBoundingClientRect();
  window.scrollTo(0, scrollY + work.top + 150);
  requestAnimationFrame(() => {
    const n = document.querySelector('[data-role="storage-full"]').getBoundingClientRect();
    const c = document.querySelector(".exercise-work .exercise-code").getBoundingClientRect();
    done({NoticeTop: n.top, NoticeBottom: n.bottom, CodeTop: c.top, CodeBottom: c.bottom, Scrolled: scrollY, Window: innerHeight});
  });
})))`, chromedp.EvalAwaitPromise))
		require.NoError(t, err, "measuring the notice and the code column")
		return b
	}
	b := measure()
	require.Greater(t, b.CodeBottom-b.CodeTop, 300.0, "the code column (%+v)", b)
	assert.GreaterOrEqual(t, b.NoticeTop, 0.0, "the notice is above the window (%+v)", b)
	assert.LessOrEqual(t, b.NoticeBottom, b.Window, "the notice is below the window (%+v)", b)
	if b.CodeTop < b.NoticeBottom {
		failWithShot(t, ctx, "storage-full-exercise", "the notice covers the top of the code column: %+v", b)
	}
	// Saving works again: the notice says so, no longer sticks, and the
	// code column goes back to the top of the window.
	evalString(t, ctx, `window.__full = false, "ok"`)
	require.NoError(t, waitFor(ctx, `document.querySelector('[data-role="storage-full"]').textContent.includes("Saving works again")`, stepWait), "the notice never said saving works again")
	after := measure()
	assert.InDelta(t, 0, after.CodeTop, 1, "the code column after saving works again (%+v)", after)
	assert.Less(t, after.NoticeBottom, 0.0, "the notice still sticks after saving works again (%+v)", after)
}
