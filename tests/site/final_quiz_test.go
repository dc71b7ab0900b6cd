//go:build browser

package site

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// finalPlan picks, from the bank the page itself loads, what a learner
// answers on the final quiz: every even-numbered question right, every odd
// one wrong. Each step is a CSS selector to click or, for a numeric
// question, an input to type into.
const finalPlan = `(async () => {
  const bank = await (await fetch(new URL("quiz/bank.json", document.baseURI))).json();
  const qs = bank.questions.filter((q) => q.final);
  return JSON.stringify(qs.map((q, i) => {
    const right = i % 2 === 0;
    const at = '[data-quiz="final"] [data-question="' + q.id + '"] ';
    if (q.kind === "numeric") {
      return {id: q.id, card: q.card || "quiz:" + q.id, right, input: at + 'input[type="text"]', value: String(right ? q.numeric.value : q.numeric.value + 1000)};
    }
    const ok = q.choices.filter((c) => c.correct).map((c) => c.id);
    const bad = q.choices.filter((c) => !c.correct).map((c) => c.id);
    const pick = right ? ok : [bad[0]];
    return {id: q.id, card: q.card || "quiz:" + q.id, right, clicks: pick.map((c) => at + 'input[value="' + c + '"]')};
  }));
})()`

type finalStep struct {
	ID     string   `json:"id"`
	Card   string   `json:"card"` // the id of the card a miss brings back
	Right  bool     `json:"right"`
	Clicks []string `json:"clicks"`
	Input  string   `json:"input"`
	Value  string   `json:"value"`
}

// TestFinalQuizGradedByGo answers the final quiz on the built final.html
// (some right, some wrong) with clicks, as soon as the form is there and
// whether or not the Go runtime has finished loading; it checks the score,
// the explanations, that the report came from the Go grader compiled into
// the page's runtime, and then finds exactly the missed questions among the
// due cards of review.html, walking the queue with the keyboard.
func TestFinalQuizGradedByGo(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)

	steps, missed := answerFinal(t, ctx, srv.URL+"final.html")
	quiz := `document.querySelector('[data-quiz="final"]')`
	score := quiz + `.querySelector('[data-role="quiz-score"]')`
	if by := evalString(t, ctx, score+`.dataset.gradedBy`); by != "go" {
		failWithShot(t, ctx, "final-quiz", "graded by %q, want the Go grader: %s", by, evalString(t, ctx, score+`.textContent`))
	}
	if note := evalString(t, ctx, score+`.querySelector('[data-role="graded-by"]')?.textContent ?? ""`); !strings.Contains(note, "Go grader") {
		failWithShot(t, ctx, "final-quiz", "the page does not say the Go grader graded it: %q", note)
	}
	if got := evalString(t, ctx, `document.querySelector('[data-role="runtime"]').dataset.state ?? ""`); got != "ready" {
		failWithShot(t, ctx, "final-quiz", "runtime status %q after grading, want ready", got)
	}
	for _, s := range steps {
		q := quiz + `.querySelector('[data-question="` + s.ID + `"]')`
		want := map[bool]string{true: "right", false: "wrong"}[s.Right]
		if got := evalString(t, ctx, q+`.dataset.result ?? ""`); got != want {
			failWithShot(t, ctx, "final-quiz", "question %s marked %q, want %q", s.ID, got, want)
		}
		if evalString(t, ctx, `String((`+q+`.querySelector('[data-role="explain"]')?.textContent ?? "").trim().length > 0)`) != "true" {
			failWithShot(t, ctx, "final-quiz", "question %s shows no explanation", s.ID)
		}
		if !s.Right && evalString(t, ctx, `String(`+q+`.querySelector('[data-role="right"]') !== null && `+q+`.querySelector('.quiz-explanations [data-mark="chosen-wrong"]') !== null)`) != "true" {
			failWithShot(t, ctx, "final-quiz", "missed question %s shows no right answer or no explanation of the wrong choice", s.ID)
		}
	}
	if got := evalString(t, ctx, quiz+`.querySelector('[data-role="cards-added"]')?.textContent ?? ""`); !strings.HasPrefix(got, strconv.Itoa(len(missed))+" review card") {
		failWithShot(t, ctx, "final-quiz", "cards added: %q, want %d", got, len(missed))
	}

	// review.html: the missed questions are the due cards (no section was
	// opened, so no course card is in the queue yet).
	load(t, ctx, srv.URL+"review.html")
	if got, want := evalString(t, ctx, `document.querySelector('[data-role="review-summary"]').textContent`), strconv.Itoa(len(missed))+map[bool]string{true: " card", false: " cards"}[len(missed) == 1]+" due now."; got != want {
		failWithShot(t, ctx, "final-review", "review summary %q, want %q", got, want)
	}
	var seen []string
	for i := 0; i < len(missed)+1; i++ {
		id := evalString(t, ctx, `document.querySelector("[data-review] [data-card]")?.dataset.card ?? ""`)
		if id == "" {
			break
		}
		seen = append(seen, id)
		if o := evalString(t, ctx, `document.querySelector("[data-review] [data-card]").dataset.origin`); o != "quiz" {
			failWithShot(t, ctx, "final-review", "card %s has origin %q, want quiz", id, o)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
			t.Fatal(err)
		}
		if back := evalString(t, ctx, `document.querySelector('[data-review] [data-role="back"]:not([hidden])')?.textContent ?? ""`); !strings.HasPrefix(back, "Answer:") {
			failWithShot(t, ctx, "final-review", "card %s: Space did not show its answer: %q", id, back)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("3")); err != nil {
			t.Fatal(err)
		}
		if err := waitFor(ctx, `(document.querySelector("[data-review] [data-card]")?.dataset.card ?? "") !== `+jsString(id), stepWait); err != nil {
			failWithShot(t, ctx, "final-review", "rating card %s Good did not move on: %v", id, err)
		}
	}
	slices.Sort(seen)
	slices.Sort(missed)
	if !slices.Equal(seen, missed) {
		failWithShot(t, ctx, "final-review", "due cards %v, want the missed questions %v", seen, missed)
	}
	if evalString(t, ctx, `String(document.querySelector('[data-role="review-done"]') !== null)`) != "true" {
		failWithShot(t, ctx, "final-review", "the queue is not done after rating every missed question")
	}
	if got := p.All(); len(got) > 0 {
		failWithShot(t, ctx, "final-quiz", "problems:\n  %s", strings.Join(got, "\n  "))
	}
}

// TestFinalQuizWithoutRuntime removes the wasm from a copy of the site: the
// runtime cannot start, the page says so, and the final quiz is still
// graded, by the JavaScript stand-in, which the score says.
func TestFinalQuizWithoutRuntime(t *testing.T) {
	t.Parallel()
	site := copyDir(t, mustDist(t))
	for _, f := range []string{"flakylab.wasm", "flakylab.wasm.gz", "flakylab.wasm.br"} {
		if err := os.Remove(filepath.Join(site, f)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	srv := startServer(t, site, "/")
	ctx := newBrowser(t)

	answerFinal(t, ctx, srv.URL+"final.html")
	score := `document.querySelector('[data-quiz="final"] [data-role="quiz-score"]')`
	if by := evalString(t, ctx, score+`.dataset.gradedBy`); by != "js" {
		failWithShot(t, ctx, "final-quiz-no-runtime", "graded by %q without a runtime, want the stand-in", by)
	}
	if note := evalString(t, ctx, score+`.querySelector('[data-role="graded-by"]')?.textContent ?? ""`); !strings.Contains(note, "could not start") {
		failWithShot(t, ctx, "final-quiz-no-runtime", "the note does not say why the stand-in graded: %q", note)
	}
	if got := evalString(t, ctx, `document.querySelector('[data-role="runtime"]').dataset.state ?? ""`); got != "failed" {
		failWithShot(t, ctx, "final-quiz-no-runtime", "runtime status %q, want failed", got)
	}
}

// answerFinal opens the final quiz at url, answers it as finalPlan says
// with clicks as soon as the form is there, submits, and checks the score.
// It returns the steps and the ids of the missed questions' cards.
func answerFinal(t *testing.T, ctx context.Context, url string) (steps []finalStep, missed []string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		failWithShot(t, ctx, "final-quiz", "opening final.html: %v", err)
	}
	if err := waitFor(ctx, `document.querySelectorAll('[data-quiz="final"] .quiz-question').length > 0`, stepWait); err != nil {
		failWithShot(t, ctx, "final-quiz", "the final quiz did not render: %v", err)
	}
	// The page starts the runtime like a lesson does, and shows its status.
	if evalString(t, ctx, `String(!document.querySelector('[data-role="runtime"]').hidden)`) != "true" {
		failWithShot(t, ctx, "final-quiz", "final.html shows no Go runtime status")
	}
	t.Logf("runtime when answering: %q", evalString(t, ctx, `document.querySelector('[data-role="runtime"]').dataset.state ?? "loading"`))

	if err := json.Unmarshal([]byte(evalString(t, ctx, finalPlan)), &steps); err != nil {
		t.Fatal(err)
	}
	n := len(steps)
	if n < 5 {
		t.Fatalf("the bank has %d final questions, want at least 5", n)
	}
	if got := evalString(t, ctx, `String(document.querySelectorAll('[data-quiz="final"] .quiz-question').length)`); got != strconv.Itoa(n) {
		failWithShot(t, ctx, "final-quiz", "the page shows %s questions, the bank has %d final ones", got, n)
	}
	var wantRight int
	for _, s := range steps {
		for _, sel := range s.Clicks {
			clickCentered(t, ctx, sel)
		}
		if s.Input != "" {
			if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(s.Input), s.Value)); err != nil {
				failWithShot(t, ctx, "final-quiz", "typing into %s: %v", s.Input, err)
			}
		}
		if s.Right {
			wantRight++
		} else {
			if !slices.Contains(missed, s.Card) {
				missed = append(missed, s.Card) // questions about one fact share its card
			}
		}
	}
	clickCentered(t, ctx, `[data-quiz="final"] form button[type="submit"]`)

	quiz := `document.querySelector('[data-quiz="final"]')`
	total := quiz + `.querySelector('[data-role="total"]')`
	// Grading waits for the runtime however long it takes to download.
	if err := waitFor(ctx, total+` !== null`, 60*time.Second); err != nil {
		failWithShot(t, ctx, "final-quiz", "no score after submitting: %v", err)
	}
	if got, want := evalString(t, ctx, total+`.textContent`), strconv.Itoa(wantRight)+" of "+strconv.Itoa(n)+" right"; !strings.HasPrefix(got, want) {
		failWithShot(t, ctx, "final-quiz", "score %q, want %q", got, want)
	}
	return steps, missed
}

// clickCentered scrolls sel to the middle of the window, then clicks it: a
// click scrolled only just into view can land on the runtime status bar,
// which sticks to the bottom of the window.
func clickCentered(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	evalString(t, ctx, `document.querySelector(`+jsString(sel)+`).scrollIntoView({block: "center"}), "ok"`)
	click(t, ctx, sel)
}

// jsString writes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
