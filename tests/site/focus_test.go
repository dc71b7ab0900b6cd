//go:build browser

package site

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
)

// focusFrame describes the focus ring of the focused editor: the frame
// drawn over it (its ::after), whether it lies on the editor's own box, and
// whether it paints above the gutter, which covered the inset outline the
// editor had before (only its top edge showed).
const focusFrame = `(() => {
  const ed = document.activeElement?.closest(".cm-editor");
  if (!ed) return "focus not in an editor: " + document.activeElement?.tagName;
  if (!ed.classList.contains("cm-focused")) return "editor without cm-focused";
  const f = getComputedStyle(ed, "::after");
  const gutter = ed.querySelector(".cm-gutters");
  const under = Number(getComputedStyle(gutter).zIndex) || 0;
  const box = ed.getBoundingClientRect();
  return [
    "content " + (f.content !== "none" && f.content !== "normal"),
    "border " + f.borderTopStyle + " " + f.borderLeftStyle + " " + f.borderBottomStyle + " " + f.borderRightStyle + " " + f.borderLeftWidth,
    "inset " + f.top + " " + f.left + " " + (f.width === Math.round(box.width) + "px" || f.right === "0px"),
    "above the gutter " + (Number(f.zIndex) > under),
  ].join("; ");
})()`

// TestFocusedEditorShowsItsFrame: an editor reached with Tab shows a
// focus ring on all four sides, on a lesson and in the playground.
func TestFocusedEditorShowsItsFrame(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	const want = "content true; border solid solid solid solid 3px; inset 0px 0px true; above the gutter true"
	for _, page := range []string{"token-bucket.html", "playground.html"} {
		load(t, ctx, srv.URL+page)
		// Tab from the control just before the first editor, as a
		// keyboard user arrives.
		evalString(t, ctx, `(() => {
  const ed = document.querySelector(".cm-content");
  const all = [...document.querySelectorAll("a[href], button, select, [tabindex='0'], .cm-content")].filter((e) => !e.disabled);
  all[all.indexOf(ed) - 1].focus();
  return "ok";
})()`)
		keys(t, ctx, "Tab", chromedp.KeyEvent(kb.Tab))
		// CodeMirror marks its focus on its next update.
		if err := waitFor(ctx, `document.activeElement?.closest(".cm-editor")?.classList.contains("cm-focused") === true`, stepWait); err != nil {
			failWithShot(t, ctx, "focus-frame", "%s: Tab did not focus the editor (%s): %v", page, evalString(t, ctx, focusFrame), err)
		}
		assert.Equal(t, want, evalString(t, ctx, focusFrame), "%s: the focused editor's frame", page)
	}
}
