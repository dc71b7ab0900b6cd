//go:build browser

package site

import (
	"strings"
	"testing"
	"time"
)

// TestQuickCheckInALesson answers one of a lesson's quick checks (right),
// leaves the others blank, and finds the score, the explanations and the
// missed questions among the review cards on the index's due count, all
// inside the real lesson page with its Go runtime running.
func TestQuickCheckInALesson(t *testing.T) {
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	load(t, ctx, srv.URL+"token-bucket.html")
	quiz := `document.querySelector('.quick-check [data-quiz="token-bucket"]')`
	n := evalString(t, ctx, `String(`+quiz+`.querySelectorAll(".quiz-question").length)`)
	if n == "0" {
		failWithShot(t, ctx, "quick-check", "the lesson's quick checks did not render")
	}
	// Question 1: capacity 10, idle a minute, 15 at once: 10 go through.
	evalString(t, ctx, `(() => { const i = `+quiz+`.querySelector(".quiz-question input[type=text], .quiz-question input:not([type])"); i.value = "10"; i.dispatchEvent(new Event("input", {bubbles: true})); return "ok"; })()`)
	evalString(t, ctx, quiz+`.querySelector("form").requestSubmit(), "ok"`)
	total := quiz + `.querySelector('[data-role="total"]')`
	if err := waitFor(ctx, total+` !== null`, 10*time.Second); err != nil {
		failWithShot(t, ctx, "quick-check", "no score after submitting: %v", err)
	}
	got := evalString(t, ctx, total+`.textContent`)
	if !strings.HasPrefix(got, "1 of "+n+" right") {
		failWithShot(t, ctx, "quick-check", "score %q, want 1 of %s right", got, n)
	}
	if evalString(t, ctx, `String(`+quiz+`.querySelectorAll('[data-role="explain"]').length)`) != n {
		failWithShot(t, ctx, "quick-check", "not every question shows its explanation")
	}
	t.Logf("graded by %s", evalString(t, ctx, quiz+`.querySelector('[data-role="quiz-score"]').dataset.gradedBy`))
	missed := evalString(t, ctx, `String(Object.values(JSON.parse(localStorage.getItem("flakylab:review")).cards).filter((e) => e.card.origin === "quiz").length)`)
	if missed == "0" {
		failWithShot(t, ctx, "quick-check", "the missed questions did not become review cards")
	}
	load(t, ctx, srv.URL+"index.html")
	due := evalString(t, ctx, `document.querySelector("[data-review-due]").textContent`)
	if !strings.Contains(due, "due") {
		failWithShot(t, ctx, "quick-check", "the index shows no due cards after missed questions: %q", due)
	}
	if got := p.All(); len(got) > 0 {
		failWithShot(t, ctx, "quick-check", "problems:\n  %s", strings.Join(got, "\n  "))
	}
}
