//go:build browser

package browser_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
)

var (
	ctrl  = chromedp.KeyModifiers(chromedp.ModifierCtrl)
	shift = chromedp.KeyModifiers(chromedp.ModifierShift)
)

// keys sends key events to the focused element.
func keys(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, actions...), "keys: %s", what)
}

// pressEnter presses Enter as a keyboard does: one keydown that carries
// the text "\r" (which the page may cancel), then keyup. (chromedp's
// KeyEvent sends the text in a separate char event, which an editor that
// handled the keydown would see as a second Enter.)
func pressEnter(t *testing.T, ctx context.Context) {
	t.Helper()
	down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13, Text: "\r", UnmodifiedText: "\r"}
	up := down
	up.Type, up.Text, up.UnmodifiedText = input.DispatchKeyEventTypeKeyUp, "", ""
	for _, e := range []input.DispatchKeyEventParams{down, up} {
		_, err := chromedp.Call(ctx, input.DispatchKeyEvent, e)
		require.NoError(t, err, "pressing Enter")
	}
}

// insertText types text at the caret as an input method or a paste does,
// through the editor's own input handling.
func insertText(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	_, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text})
	require.NoError(t, err, "inserting %q", text)
}

// focusEditor puts the caret in the playground's editor.
func focusEditor(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[chromedp.Void](t, ctx, `document.querySelector("#source .cm-content").focus()`)
	require.True(t, eval[bool](t, ctx, `document.activeElement === document.querySelector("#source .cm-content")`), "the editor takes the focus")
}

// waitParsed waits until the editor's syntax tree covers its whole text.
// CodeMirror parses an edit for at most 20 ms inside the transaction and
// leaves the rest to an idle callback 100 ms or more later; until then Enter
// and `}` find no tree at the caret and keep the line's indentation instead
// of Go's. A learner's next key comes that late anyway; a test's comes at
// once, and on a busy machine the 20 ms run out even for a short program.
func waitParsed(t *testing.T, ctx context.Context) {
	t.Helper()
	const parsed = `(() => {
		const state = playground.editor.state;
		const lang = state.values.find((v) => v && v.context && typeof v.context.treeLen === "number" && v.tree);
		if (!lang) throw new Error("no syntax tree in the editor's state (has @codemirror/language changed how it keeps it?)");
		return lang.tree.length >= state.doc.length;
	})()`
	require.NoError(t, browser.WaitFor(ctx, parsed, 30*time.Second), "the editor's syntax tree never covered its text")
}

// replaceProgram empties the editor (Ctrl+A, Backspace) and types text in
// its place. (Typing over a selection of several lines makes Chromium's own
// editing try a style attribute, which the site's policy blocks and logs.)
func replaceProgram(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	focusEditor(t, ctx)
	keys(t, ctx, "select all, delete", chromedp.KeyEvent("a", ctrl), chromedp.KeyEvent(kb.Backspace))
	require.Empty(t, source(t, ctx), "the editor after Ctrl+A, Backspace")
	insertText(t, ctx, text)
}

// forgetProgramAfter removes the program the test leaves in the browser's
// storage, which the other tests' playgrounds share.
func forgetProgramAfter(t *testing.T, ctx context.Context) {
	t.Cleanup(func() {
		// The playground saves 250 ms after an edit: leave it first, so
		// that no save lands after the removal and opens the next test's
		// playground on this program instead of the bucket example.
		_, _ = chromedp.Run(ctx, chromedp.Navigate("about:blank"))
		_, _ = chromedp.Run(ctx, chromedp.Navigate(shared.server.URL+"index.html"))
		_, _ = chromedp.Run(ctx, chromedp.Evaluate[bool](`localStorage.removeItem("flakylab:playground"), true`))
	})
}

// TestPlaygroundEditorBehavesLikeTheLessons: the playground's program is in
// the lessons' editor, not a textarea. Go is coloured; Enter after `{`
// indents with one tab and `}` on its own line goes back (as gofmt writes
// it); Ctrl+Enter runs without leaving the editor; Esc leaves it for Run;
// what was typed is there after a reload, and not run.
func TestPlaygroundEditorBehavesLikeTheLessons(t *testing.T) {
	ctx, p := tab(t)
	openPlayground(t, ctx)
	forgetProgramAfter(t, ctx)

	require.True(t, eval[bool](t, ctx, `document.querySelector("textarea") === null && document.querySelector("#source .cm-content")?.contentEditable === "true"`),
		"the program is in a CodeMirror editor, not a textarea")
	assert.Equal(t, "Go program", eval[string](t, ctx, `document.querySelector("#source .cm-content").getAttribute("aria-label")`), "the editor's accessible name")

	// Syntax colours: the opening example's keyword, string and comment
	// each have a colour of their own, none the text's.
	colours := eval[map[string]string](t, ctx, `(() => {
		const spans = [...document.querySelectorAll("#source .cm-line span")];
		const colour = (test) => { const s = spans.find(test); return s ? getComputedStyle(s).color : "none"; };
		return {
			text: getComputedStyle(document.querySelector("#source .cm-content")).color,
			keyword: colour((s) => s.textContent === "func"),
			string: colour((s) => s.textContent.startsWith('"')),
			comment: colour((s) => s.textContent.startsWith("//")),
		};
	})()`)
	for _, kind := range []string{"keyword", "string", "comment"} {
		assert.NotEqual(t, "none", colours[kind], "no %s token in the opening example: %v", kind, colours)
		assert.NotEqual(t, colours["text"], colours[kind], "the %s has the text's colour: %v", kind, colours)
	}
	assert.Len(t, map[string]bool{colours["keyword"]: true, colours["string"]: true, colours["comment"]: true}, 3, "keyword, string and comment share a colour: %v", colours)

	// Typing: Enter after `{` indents with a tab, `}` goes back.
	// Each key waits for the parse of the text before it, as a learner's
	// does (see waitParsed).
	replaceProgram(t, ctx, "package main\n\nimport \"fmt\"\n\nfunc main() {")
	waitParsed(t, ctx)
	pressEnter(t, ctx)
	insertText(t, ctx, `fmt.Println("typed in the playground")`)
	waitParsed(t, ctx)
	pressEnter(t, ctx)
	waitParsed(t, ctx)
	keys(t, ctx, "}", chromedp.KeyEvent("}"))
	const want = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"typed in the playground\")\n}"
	require.Equal(t, want, source(t, ctx), "the program after typing (Enter after { must indent with one tab)")

	// Ctrl+Enter runs and leaves the focus in the editor.
	keys(t, ctx, "Ctrl+Enter", chromedp.KeyEvent(kb.Enter, ctrl))
	waitOutput(t, ctx, "typed in the playground")
	waitState(t, ctx, "ready", runWait)
	assert.True(t, eval[bool](t, ctx, `document.activeElement === document.querySelector("#source .cm-content")`), "Ctrl+Enter moved the focus out of the editor")

	// Esc leaves the editor for Run: the keyboard is never trapped.
	keys(t, ctx, "Esc", chromedp.KeyEvent(kb.Escape))
	assert.Equal(t, "run", eval[string](t, ctx, `document.activeElement.id`), "after Esc the focus is on #run")

	// What was typed is kept, and a reload does not run it.
	// The save comes 250 ms after the last edit, or later on a busy
	// machine: reload once it is there.
	require.NoError(t, browser.WaitFor(ctx, `JSON.parse(localStorage.getItem("flakylab:playground") ?? "{}").source === `+js(want), runWait),
		"the typed program was never saved")
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	waitState(t, ctx, "ready", readyWait)
	assert.Equal(t, want, source(t, ctx), "the typed program after a reload")
	assert.Empty(t, text(t, ctx, "stdout"), "the kept program ran without Run")
	assert.Empty(t, p.All(), "console errors, exceptions or failed requests")
}

// TestPlaygroundShareRoundTrips: Share makes a link whose program, opened
// in another tab, is exactly the one shared (tabs, backquotes, non-ASCII
// text) and is not run until Run; Run then runs it.
func TestPlaygroundShareRoundTrips(t *testing.T) {
	ctx, p := tab(t)
	openPlayground(t, ctx)
	forgetProgramAfter(t, ctx)
	const program = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\t// ¿shared? ✓\n\tfmt.Println(`shared program`, \"é\")\n}\n"
	replaceProgram(t, ctx, program)
	require.Equal(t, program, source(t, ctx), "the program as typed")
	click(t, ctx, "share")
	require.NoError(t, waitTrue(ctx, `document.getElementById("share-link").value.includes("#code=")`), "Share made no link")
	link := eval[string](t, ctx, `document.getElementById("share-link").value`)
	require.True(t, strings.HasPrefix(link, shared.server.URL), "the link is on this site: %s", link)

	other, cancel := chromedp.NewContext(ctx)
	defer cancel()
	require.NoError(t, chromedp.Do(other, chromedp.Navigate(link)))
	waitState(t, other, "ready", readyWait)
	assert.Equal(t, program, source(t, other), "the shared link's program (link %s)", link)
	assert.Contains(t, text(t, other, "opened"), "Nothing has run")
	time.Sleep(300 * time.Millisecond)
	assert.Empty(t, text(t, other, "stdout"), "the shared program ran without Run")
	assert.NotContains(t, eval[string](t, other, `location.href`), "#code=", "the link's program stays out of the address once opened")

	click(t, other, "run")
	waitOutput(t, other, "shared program é")
	assert.Empty(t, p.All(), "console errors, exceptions or failed requests")
}

// TestTypingOverLinesKeepsThePolicy types a character over a selection
// that spans three lines, with the keyboard. Left to Chromium's own
// editing, merging the lines writes a style attribute that the site's
// policy (style-src-attr 'none') blocks and reports; the editor must make
// the change itself: the right text, no violation, no style attribute in
// its content, and one undo brings the lines back.
func TestTypingOverLinesKeepsThePolicy(t *testing.T) {
	ctx, p := tab(t)
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordViolations})
	require.NoError(t, err)
	openPlayground(t, ctx)
	forgetProgramAfter(t, ctx)
	const program = "package main\n\nfunc main() {\n\tprintln(1)\n\tprintln(2)\n\tprintln(3)\n}\n"
	replaceProgram(t, ctx, program)
	require.Equal(t, program, source(t, ctx), "the program as typed")

	// From the end of the program: up to line 6, one right (after its tab),
	// then select up two lines: "println(1)\n\tprintln(2)\n\t".
	keys(t, ctx, "select three lines",
		chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowRight),
		chromedp.KeyEvent(kb.ArrowUp, shift),
		chromedp.KeyEvent(kb.ArrowUp, shift))
	require.Equal(t, "println(1)\n\tprintln(2)\n\t", eval[string](t, ctx, `getSelection().toString().replace(/\n+/g, "\n")`), "the selection before typing")
	keys(t, ctx, "x over the selection", chromedp.KeyEvent("x"))
	const want = "package main\n\nfunc main() {\n\txprintln(3)\n}\n"
	assert.Equal(t, want, source(t, ctx), "the program after typing x over three lines")
	time.Sleep(300 * time.Millisecond) // a late violation report
	assert.Empty(t, eval[[]string](t, ctx, `window.cspViolations`), "violations of the site's policy while typing")
	assert.Equal(t, 0, eval[int](t, ctx, `document.querySelectorAll("#source .cm-content [style]").length`), "style attributes inside the editor's content")

	keys(t, ctx, "undo", chromedp.KeyEvent("z", ctrl))
	assert.Equal(t, program, source(t, ctx), "the program after one undo")
	assert.Empty(t, p.All(), "console errors, exceptions or failed requests")
}
