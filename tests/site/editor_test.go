//go:build browser

package site

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The editor tests drive the examples of a lesson the way a learner does:
// real keystrokes and text input into CodeMirror, clicks on the toolbar.
// They read the editor's text through its EditorView (from the DOM, as
// EditorView.findFromDOM does), never through a hook in the page.

// ex is the root element of an example, in JavaScript.
func ex(name string) string {
	return fmt.Sprintf(`document.querySelector('section.example[data-example=%q]')`, name)
}

// viewJS evaluates to the CodeMirror EditorView of an example.
func viewJS(name string) string {
	return editorViewIn(ex(name), "example "+name)
}

// exerciseViewJS evaluates to the CodeMirror EditorView of an exercise
// page's editor.
func exerciseViewJS() string {
	return editorViewIn(`document.querySelector('section.exercise-work')`, "the exercise")
}

// editorViewIn evaluates to the CodeMirror EditorView inside root, a
// JavaScript expression for an element; what names it in the error.
func editorViewIn(root, what string) string {
	return `(() => {
  const c = ` + root + `.querySelector(".cm-content");
  const tile = c && (c.cmTile || c.cmView);
  const view = tile && ((tile.root && tile.root.view) || (tile.rootView && tile.rootView.view));
  if (!view) throw new Error("no CodeMirror view on ` + what + ` (has @codemirror/view changed how a view is found from the DOM?)");
  return view;
})()`
}

// insertAfter inserts text into an editor (view is viewJS or
// exerciseViewJS) right after the first occurrence of marker in its text,
// as one change of the editor's state; the test fails if the text has no
// marker.
func insertAfter(t *testing.T, ctx context.Context, view, marker, text string) {
	t.Helper()
	got := evalString(t, ctx, `(() => {
  const v = `+view+`, m = `+jsString(marker)+`;
  const at = v.state.doc.toString().indexOf(m);
  if (at < 0) return "no marker";
  v.dispatch({changes: {from: at + m.length, insert: `+jsString(text)+`}});
  return "ok";
})()`)
	if got != "ok" {
		failWithShot(t, ctx, "insert", "inserting %q into the editor: %q is not in its text", text, marker)
	}
}

func docOf(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	return evalString(t, ctx, viewJS(name)+`.state.doc.toString()`)
}

func keys(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		failWithShot(t, ctx, "keys", "%s: %v", what, err)
	}
}

var ctrl = chromedp.KeyModifiers(chromedp.ModifierCtrl)

// typeInto replaces the whole text of an example's editor as a learner
// would: focus it, Ctrl+A, then insert the new text (like a paste or an
// input method, which goes through CodeMirror's DOM input handling).
func typeInto(t *testing.T, ctx context.Context, name, text string) {
	t.Helper()
	evalString(t, ctx, ex(name)+`.querySelector(".cm-content").focus(), "ok"`)
	keys(t, ctx, "select all in "+name, chromedp.KeyEvent("a", ctrl))
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		failWithShot(t, ctx, "type-"+name, "inserting text into %s: %v", name, err)
	}
	if got := docOf(t, ctx, name); got != text {
		failWithShot(t, ctx, "type-"+name, "editor of %s holds\n%s\nafter typing\n%s", name, got, text)
	}
}

// runHang is how long the tests wait for a run (or a call to the widget
// worker) to end before they call it hung. It only catches hangs: a run's
// own time starts once a worker can take it, and the run after a Stop or
// the watchdog waits for the standby to finish starting (a new Go instance
// and its warm-up run), which takes about 0.2-2 s at a load of 20 on two
// cores and took over 12 s at 35-42; the widget worker starts on the first
// call.
const runHang = 90 * time.Second

// runExample clicks an example's Run button and waits until it has
// finished (ok or failed); it returns the meta line.
func runExample(t *testing.T, ctx context.Context, name string, timeout time.Duration) string {
	t.Helper()
	evalString(t, ctx, ex(name)+`.querySelector('button[data-action="run"]').click(), "ok"`)
	return waitRun(t, ctx, name, timeout)
}

func waitRun(t *testing.T, ctx context.Context, name string, timeout time.Duration) string {
	t.Helper()
	root := ex(name)
	done := root + `.dataset.running === "false" && /\b(ok|failed)\b/.test(` + root + `.querySelector('[data-role="meta"]').className)`
	if err := waitFor(ctx, done, timeout); err != nil {
		failWithShot(t, ctx, "run-"+name, "%s did not finish: %v (meta %q)", name, err,
			evalString(t, ctx, root+`.querySelector('[data-role="meta"]').textContent`))
	}
	return evalString(t, ctx, root+`.querySelector('[data-role="meta"]').textContent`)
}

func part(t *testing.T, ctx context.Context, name, role string) string {
	t.Helper()
	return evalString(t, ctx, ex(name)+`.querySelector('[data-role="`+role+`"]').textContent`)
}

func expectedOf(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	return evalString(t, ctx, ex(name)+`.querySelector('template[data-role="expected"]').content.textContent`)
}

func badgeShown(t *testing.T, ctx context.Context, name string) bool {
	t.Helper()
	return evalString(t, ctx, `String(!`+ex(name)+`.querySelector('[data-role="modified"]').hidden)`) == "true"
}

// openLesson loads a lesson and checks that its Go runtime is ready.
func openLesson(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	load(t, ctx, url)
	if state := evalString(t, ctx, runtimeState); state != "ready" {
		failWithShot(t, ctx, shotName(url), "%s: the Go runtime is %q, not ready", url, state)
	}
}

func noProblems(t *testing.T, ctx context.Context, p *problems, name string) {
	t.Helper()
	if got := p.All(); len(got) > 0 {
		failWithShot(t, ctx, name, "page problems:\n  %s", strings.Join(got, "\n  "))
	}
}

// TestEditedExampleShowsNewOutput raises the capacity of the first token
// bucket example from 3 to 5 and finds the new output (two more requests
// allowed), not the lesson's.
func TestEditedExampleShowsNewOutput(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	openLesson(t, ctx, srv.URL+"token-bucket.html")

	orig := docOf(t, ctx, "bucket-basic")
	if !strings.Contains(orig, "bucket.New(3, 1)") {
		t.Fatalf("bucket-basic no longer creates bucket.New(3, 1); update this test:\n%s", orig)
	}
	typeInto(t, ctx, "bucket-basic", strings.Replace(orig, "bucket.New(3, 1)", "bucket.New(5, 1)", 1))
	if !badgeShown(t, ctx, "bucket-basic") {
		failWithShot(t, ctx, "edited", "the modified badge is hidden after an edit")
	}
	meta := runExample(t, ctx, "bucket-basic", runHang)
	got := part(t, ctx, "bucket-basic", "stdout")
	// Five tokens: the first five arrivals go through, and a token has grown
	// back for t=1.5s, as go run prints for the edited program.
	want := `t=0.0s  allowed            (4.0 tokens left)
t=0.1s  allowed            (3.1 tokens left)
t=0.2s  allowed            (2.2 tokens left)
t=0.3s  allowed            (1.3 tokens left)
t=0.4s  allowed            (0.4 tokens left)
t=1.5s  allowed            (0.5 tokens left)
t=1.6s  429, retry after 0.4s
`
	if !strings.HasPrefix(meta, "finished") || got != want {
		failWithShot(t, ctx, "edited", "edited example: %s\n--- got\n%s--- want\n%s--- stderr\n%s", meta, got, want, part(t, ctx, "bucket-basic", "stderr"))
	}
	if got == expectedOf(t, ctx, "bucket-basic") {
		t.Fatal("the edited example printed the lesson's output")
	}
	noProblems(t, ctx, p, "edited")
}

// loop is a program that never ends.
const loop = `package main

func main() {
	for {
	}
}
`

// TestInfiniteLoopIsStoppedAndPageStaysResponsive runs `for {}` three
// times: Stop ends it, the watchdog ends it, and running another example
// ends it. While it spins the page answers JavaScript, scrolls and takes
// clicks, and the other example prints its lesson's output.
func TestInfiniteLoopIsStoppedAndPageStaysResponsive(t *testing.T) {
	// Not parallel: it times the page itself (see harness_test.go).
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	openLesson(t, ctx, srv.URL+"token-bucket.html")
	typeInto(t, ctx, "bucket-basic", loop)
	root := ex("bucket-basic")
	running := root + `.dataset.running === "true"`

	// 1. The Stop button. Until it is pressed, the page's runs get ten
	// minutes instead of the watchdog's 5 s, which a busy machine can
	// reach before the test presses Stop (the watchdog's own turn is 2.).
	evalString(t, ctx, `import("./js/runtime.js").then(({Runtime}) => {
		const run = Runtime.prototype.run;
		Runtime.prototype.run = function (source, opts) { return run.call(this, source, {...opts, timeoutMs: 600000}); };
		window.restoreWatchdog = () => { Runtime.prototype.run = run; };
		return "ok";
	})`)
	evalString(t, ctx, root+`.querySelector('button[data-action="run"]').click(), "ok"`)
	if err := waitFor(ctx, running, runHang); err != nil {
		failWithShot(t, ctx, "loop", "the loop did not start: %v", err)
	}
	time.Sleep(500 * time.Millisecond) // let it spin
	// The main thread is free: a script answers at once, the page scrolls.
	// A main thread held by the loop would never answer (the watchdog is
	// out of the way): the limit only leaves room for a busy machine.
	qctx, cancel := context.WithTimeout(ctx, stepWait)
	defer cancel()
	if _, err := chromedp.Run(qctx, chromedp.Evaluate[string](`String(1 + 1)`)); err != nil {
		failWithShot(t, ctx, "loop", "evaluating 1+1 while the loop ran: %v", err)
	}
	y := evalString(t, ctx, `window.scrollTo(0, 0), window.scrollBy(0, 600), new Promise((r) => requestAnimationFrame(() => r(String(window.scrollY))))`)
	if y == "0" {
		failWithShot(t, ctx, "loop", "the page did not scroll while the loop ran")
	}
	if evalString(t, ctx, `String(`+root+`.querySelector('button[data-action="stop"]').disabled)`) != "false" {
		failWithShot(t, ctx, "loop", "Stop is disabled while the loop runs")
	}
	start := time.Now()
	evalString(t, ctx, root+`.querySelector('button[data-action="stop"]').click(), "ok"`)
	meta := waitRun(t, ctx, "bucket-basic", runHang)
	evalString(t, ctx, `restoreWatchdog(), "ok"`)
	if !strings.HasPrefix(meta, "Stopped") || strings.HasPrefix(meta, "Stopped by the watchdog") {
		failWithShot(t, ctx, "loop", "after Stop the meta line says %q", meta)
	}
	t.Logf("Stop: %q after %v", meta, time.Since(start).Round(time.Millisecond))

	// 2. The watchdog (5 s of real time).
	start = time.Now()
	meta = runExample(t, ctx, "bucket-basic", runHang)
	if !strings.HasPrefix(meta, "Stopped by the watchdog") {
		failWithShot(t, ctx, "loop", "left alone, the loop ended with %q", meta)
	}
	t.Logf("watchdog: %q after %v", meta, time.Since(start).Round(time.Millisecond))
	stderr := part(t, ctx, "bucket-basic", "stderr")
	if !strings.Contains(stderr, "still running") {
		failWithShot(t, ctx, "loop", "the watchdog's message is missing from standard error: %q", stderr)
	}
	t.Logf("watchdog's message: %q", stderr)

	// 3. Another example's Run, clicked with the mouse while the loop spins.
	evalString(t, ctx, root+`.querySelector('button[data-action="run"]').click(), "ok"`)
	if err := waitFor(ctx, running, runHang); err != nil {
		failWithShot(t, ctx, "loop", "the loop did not start again: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	other := ex("bucket-burst")
	evalString(t, ctx, other+`.scrollIntoView({block: "center"}), "ok"`)
	start = time.Now()
	click(t, ctx, `section.example[data-example="bucket-burst"] button[data-action="run"]`)
	meta = waitRun(t, ctx, "bucket-burst", runHang)
	t.Logf("another example's Run during the loop: %q after %v", meta, time.Since(start).Round(time.Millisecond))
	if got, want := part(t, ctx, "bucket-burst", "stdout"), expectedOf(t, ctx, "bucket-burst"); !strings.HasPrefix(meta, "finished") || got != want {
		failWithShot(t, ctx, "loop", "bucket-burst during the loop: %s\n--- got\n%s--- want\n%s", meta, got, want)
	}
	if m := waitRun(t, ctx, "bucket-basic", runHang); !strings.HasPrefix(m, "Stopped") {
		failWithShot(t, ctx, "loop", "the loop was not stopped by the other example's run: %q", m)
	}
	// And the runtime still takes the next run of the first example.
	typeInto(t, ctx, "bucket-basic", "package main\n\nfunc main() { println(\"after the loop\") }\n")
	if meta := runExample(t, ctx, "bucket-basic", runHang); !strings.HasPrefix(meta, "finished") || !strings.Contains(part(t, ctx, "bucket-basic", "stderr"), "after the loop") {
		failWithShot(t, ctx, "loop", "a run after the loops: %q, stderr %q", meta, part(t, ctx, "bucket-basic", "stderr"))
	}
	noProblems(t, ctx, p, "loop")
}

// TestReloadKeepsEditsWithoutRunningThem edits an example, reloads, and
// finds the edit in the editor with the modified badge, an empty output
// panel and nothing run; the untouched example next to it is as shipped.
func TestReloadKeepsEditsWithoutRunningThem(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	url := srv.URL + "token-bucket.html"
	openLesson(t, ctx, url)
	orig := docOf(t, ctx, "bucket-burst")
	edited := strings.Replace(orig, "bucket.New(4, 2)", "bucket.New(6, 2)", 1)
	if edited == orig {
		t.Fatalf("bucket-burst no longer creates bucket.New(4, 2); update this test")
	}
	typeInto(t, ctx, "bucket-burst", edited)
	if err := waitFor(ctx, `localStorage.getItem("flakylab:code:bucket-burst") !== null`, stepWait); err != nil {
		failWithShot(t, ctx, "reload", "the edit was not saved: %v", err)
	}

	openLesson(t, ctx, url)
	time.Sleep(500 * time.Millisecond) // time enough for a run that should not happen
	if got := docOf(t, ctx, "bucket-burst"); got != edited {
		failWithShot(t, ctx, "reload", "after a reload the editor holds\n%s\nnot the edit\n%s", got, edited)
	}
	if !badgeShown(t, ctx, "bucket-burst") {
		failWithShot(t, ctx, "reload", "no modified badge on the restored edit")
	}
	if badgeShown(t, ctx, "bucket-basic") {
		failWithShot(t, ctx, "reload", "the untouched example shows the modified badge")
	}
	if out := part(t, ctx, "bucket-burst", "stdout"); out != "" {
		failWithShot(t, ctx, "reload", "the restored edit's output panel is not empty: %q", out)
	}
	if r := evalString(t, ctx, ex("bucket-burst")+`.dataset.running || "never"`); r != "never" {
		failWithShot(t, ctx, "reload", "the restored edit was run (running=%s, meta %q)", r, part(t, ctx, "bucket-burst", "meta"))
	}
	meta := part(t, ctx, "bucket-burst", "meta")
	if strings.Contains(meta, "finished") || strings.Contains(meta, "running") {
		failWithShot(t, ctx, "reload", "the restored edit's meta line says %q", meta)
	}
	if got, want := part(t, ctx, "bucket-basic", "stdout"), expectedOf(t, ctx, "bucket-basic"); got != want {
		failWithShot(t, ctx, "reload", "the untouched example lost its lesson output: %q", got)
	}
	if os.Getenv("SITE_SHOTS") != "" {
		evalString(t, ctx, ex("bucket-burst")+`.querySelector(".toolbar").scrollIntoView({block: "center"}), "ok"`)
		if buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
			os.WriteFile("screenshots/editor-restored-edit.png", buf, 0o644)
		}
	}
	// Run shows the edit's own output: six tokens, six requests allowed.
	runExample(t, ctx, "bucket-burst", runHang)
	if got := part(t, ctx, "bucket-burst", "stdout"); got != "true true true true true true\ntokens left: 0\n" {
		failWithShot(t, ctx, "reload", "the restored edit printed %q", got)
	}
	noProblems(t, ctx, p, "reload")
}

// TestResetRestoresOriginalAndIsUndoable edits an example, presses Reset
// (the original is back, the badge and the saved edit are gone), then
// Ctrl+Z in the editor brings the edit back.
func TestResetRestoresOriginalAndIsUndoable(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	openLesson(t, ctx, srv.URL+"token-bucket.html")
	const name = "bucket-burst"
	reset := `section.example[data-example="` + name + `"] button[data-action="reset"]`
	if evalString(t, ctx, `String(document.querySelector('`+reset+`').disabled)`) != "true" {
		failWithShot(t, ctx, "reset", "Reset is enabled on an unedited example")
	}
	orig := docOf(t, ctx, name)
	edited := "package main\n\nfunc main() { println(\"mine\") }\n"
	typeInto(t, ctx, name, edited)
	if err := waitFor(ctx, `localStorage.getItem("flakylab:code:`+name+`") !== null`, stepWait); err != nil {
		failWithShot(t, ctx, "reset", "the edit was not saved: %v", err)
	}

	evalString(t, ctx, ex(name)+`.scrollIntoView({block: "center"}), "ok"`)
	click(t, ctx, reset)
	if got := docOf(t, ctx, name); got != orig {
		failWithShot(t, ctx, "reset", "after Reset the editor holds\n%s", got)
	}
	if badgeShown(t, ctx, name) {
		failWithShot(t, ctx, "reset", "the modified badge stays after Reset")
	}
	if err := waitFor(ctx, `localStorage.getItem("flakylab:code:`+name+`") === null`, stepWait); err != nil {
		failWithShot(t, ctx, "reset", "the saved edit is still stored after Reset: %v", err)
	}
	if live := part(t, ctx, name, "live"); !strings.Contains(live, "Undo") {
		// The announcement is set 50 ms after Reset.
		if err := waitFor(ctx, ex(name)+`.querySelector('[data-role="live"]').textContent.includes("Undo")`, stepWait); err != nil {
			failWithShot(t, ctx, "reset", "Reset announced %q, not how to undo it", live)
		}
	}

	// Reset leaves the focus in the editor, so Ctrl+Z undoes it.
	if evalString(t, ctx, `String(`+ex(name)+`.querySelector(".cm-content") === document.activeElement)`) != "true" {
		failWithShot(t, ctx, "reset", "the focus is not in the editor after Reset")
	}
	keys(t, ctx, "Ctrl+Z", chromedp.KeyEvent("z", ctrl))
	if got := docOf(t, ctx, name); got != edited {
		failWithShot(t, ctx, "reset", "Ctrl+Z after Reset gives\n%s\nnot the edit", got)
	}
	if !badgeShown(t, ctx, name) {
		failWithShot(t, ctx, "reset", "the modified badge is hidden after undoing Reset")
	}
	if err := waitFor(ctx, `localStorage.getItem("flakylab:code:`+name+`") !== null`, stepWait); err != nil {
		failWithShot(t, ctx, "reset", "the undone edit was not saved again: %v", err)
	}
	noProblems(t, ctx, p, "reset")
}

// TestCompileErrorMarksTheLearnersLine puts an undefined name on line 8 of
// an example and finds line 8 highlighted in the editor (line and gutter)
// and named in the error; an edit clears the mark.
func TestCompileErrorMarksTheLearnersLine(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	openLesson(t, ctx, srv.URL+"token-bucket.html")
	const name = "bucket-basic"
	src := `// A learner's mistake.
package main

import "fmt"

func main() {
	fmt.Println("before")
	fmt.Println(undefinedLimit)
	fmt.Println("after")
}
`
	typeInto(t, ctx, name, src)
	meta := runExample(t, ctx, name, runHang)
	stderr := part(t, ctx, name, "stderr")
	if !strings.HasPrefix(meta, "Compile error") || !strings.Contains(stderr, "line 8") || !strings.Contains(stderr, "undefinedLimit") {
		failWithShot(t, ctx, "compile-error", "meta %q, stderr %q: want a compile error on line 8 about undefinedLimit", meta, stderr)
	}
	marked := evalString(t, ctx, `(() => {
  const v = `+viewJS(name)+`;
  const lines = [...`+ex(name)+`.querySelectorAll(".cm-line.cm-error-line")];
  return lines.map((l) => v.state.doc.lineAt(v.posAtDOM(l)).number).join(",");
})()`)
	if marked != "8" {
		failWithShot(t, ctx, "compile-error", "the editor marks line(s) %q, want 8", marked)
	}
	gutter := evalString(t, ctx, `String(`+ex(name)+`.querySelectorAll(".cm-error-line-gutter").length)`)
	if gutter == "0" {
		failWithShot(t, ctx, "compile-error", "no gutter mark on the error line")
	}
	if os.Getenv("SITE_SHOTS") != "" {
		evalString(t, ctx, ex(name)+`.scrollIntoView({block: "start"}), "ok"`)
		screenshot(t, ctx, "editor-compile-error")
	}
	// Typing clears the mark.
	evalString(t, ctx, ex(name)+`.querySelector(".cm-content").focus(), "ok"`)
	keys(t, ctx, "type", chromedp.KeyEvent(kb.End), chromedp.KeyEvent(" "))
	if n := evalString(t, ctx, `String(`+ex(name)+`.querySelectorAll(".cm-error-line").length)`); n != "0" {
		failWithShot(t, ctx, "compile-error", "the error mark stays after an edit")
	}
	noProblems(t, ctx, p, "compile-error")
}

// TestKeyboardOnlyEditor uses the keyboard alone: Tab from the top of the
// page reaches the first example's editor, typing edits it, Ctrl+Enter runs
// it, Esc leaves it for its Run button, and Tab goes on from there.
func TestKeyboardOnlyEditor(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	openLesson(t, ctx, srv.URL+"token-bucket.html")
	const name = "bucket-basic"
	first := evalString(t, ctx, `document.querySelector("section.example[data-example]").dataset.example`)
	if first != name {
		t.Fatalf("the first example of token-bucket.html is %s; update this test", first)
	}
	inEditor := `(document.activeElement && document.activeElement.classList.contains("cm-content") ? document.activeElement.closest("section.example").dataset.example : "")`
	tabs := 0
	for ; tabs < 80; tabs++ {
		if evalString(t, ctx, inEditor) != "" {
			break
		}
		keys(t, ctx, "Tab", chromedp.KeyEvent(kb.Tab))
	}
	if got := evalString(t, ctx, inEditor); got != name {
		failWithShot(t, ctx, "keyboard", "after %d Tabs the focus is on %s, not in the editor of %s", tabs,
			evalString(t, ctx, `document.activeElement.outerHTML.slice(0, 120)`), name)
	}
	t.Logf("%d Tabs from the top of the page to the first editor", tabs)

	// Type a line at the end: an init function that prints first.
	keys(t, ctx, "type",
		chromedp.KeyEvent(kb.End, ctrl),
		chromedp.KeyEvent("func init() { fmt.Println(\"typed by keyboard\") }"),
	)
	if doc := docOf(t, ctx, name); !strings.HasSuffix(strings.TrimSpace(doc), `func init() { fmt.Println("typed by keyboard") }`) {
		failWithShot(t, ctx, "keyboard", "after typing the editor ends with\n%s", doc[max(0, len(doc)-200):])
	}
	keys(t, ctx, "Ctrl+Enter", chromedp.KeyEvent(kb.Enter, ctrl))
	meta := waitRun(t, ctx, name, runHang)
	want := "typed by keyboard\n" + expectedOf(t, ctx, name)
	if got := part(t, ctx, name, "stdout"); !strings.HasPrefix(meta, "finished") || got != want {
		failWithShot(t, ctx, "keyboard", "Ctrl+Enter: %s\n--- got\n%s--- want\n%s", meta, got, want)
	}
	if evalString(t, ctx, inEditor) != name {
		failWithShot(t, ctx, "keyboard", "running with Ctrl+Enter moved the focus out of the editor")
	}

	// Esc leaves the editor for the example's Run button (no keyboard trap).
	keys(t, ctx, "Esc", chromedp.KeyEvent(kb.Escape))
	focus := evalString(t, ctx, `(() => { const a = document.activeElement; return (a.closest("section.example")?.dataset.example ?? "") + " " + (a.dataset.action ?? a.tagName); })()`)
	if focus != name+" run" {
		failWithShot(t, ctx, "keyboard", "after Esc the focus is on %q, want the Run button of %s", focus, name)
	}
	// Enter on the focused Run button runs again; Tab goes on to Format
	// (Stop is disabled while nothing runs).
	keys(t, ctx, "Enter", chromedp.KeyEvent(kb.Enter))
	waitRun(t, ctx, name, runHang)
	keys(t, ctx, "Tab", chromedp.KeyEvent(kb.Tab))
	focus = evalString(t, ctx, `document.activeElement.dataset.action ?? document.activeElement.tagName`)
	if focus != "format" {
		failWithShot(t, ctx, "keyboard", "Tab from Run lands on %q, want Format", focus)
	}
	// Shift+Tab twice goes back into the editor.
	shift := chromedp.KeyModifiers(chromedp.ModifierShift)
	keys(t, ctx, "Shift+Tab", chromedp.KeyEvent(kb.Tab, shift), chromedp.KeyEvent(kb.Tab, shift))
	if evalString(t, ctx, inEditor) != name {
		failWithShot(t, ctx, "keyboard", "Shift+Tab from Format does not return to the editor (focus on %s)",
			evalString(t, ctx, `document.activeElement.outerHTML.slice(0, 120)`))
	}
	noProblems(t, ctx, p, "keyboard")
}
