//go:build browser

package site

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// reviewCards is what the browser has saved: the review queue's cards.
const reviewCards = `JSON.stringify(Object.values(JSON.parse(localStorage.getItem("flakylab:review") ?? '{"cards":{}}').cards).map((e) => e.card))`

type savedCard struct {
	ID      string   `json:"id"`
	Section string   `json:"section"`
	Front   string   `json:"front"`
	Code    string   `json:"code"`
	Choices []string `json:"choices"`
	Back    string   `json:"back"`
	Origin  string   `json:"origin"`
}

func savedCards(t *testing.T, ctx context.Context) []savedCard {
	t.Helper()
	var cards []savedCard
	if err := json.Unmarshal([]byte(evalString(t, ctx, reviewCards)), &cards); err != nil {
		t.Fatal(err)
	}
	return cards
}

// checkExercise presses Check on the exercise page and waits for the report.
func checkExercise(t *testing.T, ctx context.Context) {
	t.Helper()
	evalString(t, ctx, `delete document.querySelector('[data-role="exercise"]').dataset.status, ""`)
	clickCentered(t, ctx, `[data-action="check"]`)
	if err := waitFor(ctx, `["fail", "pass", "error"].includes(document.querySelector('[data-role="exercise"]').dataset.status) && !document.querySelector('[data-action="check"]').disabled`, 120*time.Second); err != nil {
		failWithShot(t, ctx, "cards", "Check did not finish: %v", err)
	}
}

// TestReviewCardsAnswerable walks every kind of review card through the
// real pages: the deck of a visited section, a Check of the unedited
// full-jitter starter (no cards), the same code edited (cards about the
// ideas the failed checks test), a second Check (no duplicates), and the
// final quiz with every multi-select question missed (cards that show the
// choices). Then it goes through the review page card by card: each front
// asks a question and carries what is needed to answer it, and no card is
// shown twice. With CONTENT_SHOTS set to a folder it saves pictures of an
// exercise card and of a multi-select card there.
func TestReviewCardsAnswerable(t *testing.T) {
	t.Parallel()
	srv := startServer(t, mustDist(t), "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	shots := os.Getenv("CONTENT_SHOTS")

	load(t, ctx, srv.URL+"backoff-and-jitter.html") // the section's deck cards
	deck := len(savedCards(t, ctx))
	if deck == 0 {
		failWithShot(t, ctx, "cards", "visiting a section added no deck cards")
	}

	load(t, ctx, srv.URL+"exercise-full-jitter.html")
	if err := waitFor(ctx, `document.querySelector('[data-role="exercise"]').dataset.ready === "true"`, 60*time.Second); err != nil {
		failWithShot(t, ctx, "cards", "the exercise page's runtime: %v", err)
	}
	checkExercise(t, ctx)
	if got := evalString(t, ctx, `document.querySelector('[data-role="exercise"]').dataset.status`); got != "fail" {
		failWithShot(t, ctx, "cards", "the starter's report: status %q, want fail", got)
	}
	if got := savedCards(t, ctx); len(got) != deck {
		failWithShot(t, ctx, "cards", "a Check of the unedited starter made cards: %d saved, want the %d deck cards", len(got), deck)
	}

	// An edit the learner made, still failing: now the failures count.
	evalString(t, ctx, `(() => { const v = globalThis.flakylabExercise.view; v.dispatch({changes: {from: v.state.doc.length, insert: "\n// my first try\n"}}); return ""; })()`)
	checkExercise(t, ctx)
	afterEdit := savedCards(t, ctx)
	var exerciseCards int
	for _, c := range afterEdit {
		if c.Origin == "exercise" || strings.HasPrefix(c.ID, "exercise:") {
			exerciseCards++
		}
	}
	if exerciseCards == 0 {
		failWithShot(t, ctx, "cards", "an edited file that fails its checks made no exercise cards: %+v", afterEdit)
	}
	checkExercise(t, ctx)
	if again := savedCards(t, ctx); len(again) != len(afterEdit) {
		failWithShot(t, ctx, "cards", "a second Check of the same code changed the number of cards: %d, then %d", len(afterEdit), len(again))
	}

	// The final quiz, every multi-select question answered with one wrong
	// choice.
	load(t, ctx, srv.URL+"final.html")
	multiple := evalString(t, ctx, `(async () => {
  const bank = await (await fetch(new URL("quiz/bank.json", document.baseURI))).json();
  const ids = [];
  for (const q of bank.questions.filter((q) => q.final && q.kind === "multiple")) {
    const bad = q.choices.find((c) => !c.correct);
    document.querySelector('[data-quiz="final"] [data-question="' + q.id + '"] input[value="' + bad.id + '"]').click();
    ids.push(q.card || "quiz:" + q.id);
  }
  return ids.join(" ");
})()`)
	if multiple == "" {
		t.Fatal("the final quiz has no multi-select question")
	}
	clickCentered(t, ctx, `[data-quiz="final"] button[type="submit"]`)
	if err := waitFor(ctx, `document.querySelector('[data-quiz="final"] [data-role="cards-added"]') !== null`, 60*time.Second); err != nil {
		failWithShot(t, ctx, "cards", "the final quiz added no cards: %v", err)
	}
	all := savedCards(t, ctx)
	fronts := map[string]string{}
	for _, c := range all {
		if prev, ok := fronts[c.Front]; ok {
			t.Errorf("cards %s and %s have the same front %q", prev, c.ID, c.Front)
		}
		fronts[c.Front] = c.ID
		if strings.Contains(c.Front, "Your code gave") || strings.Contains(c.Back, "Input:") {
			t.Errorf("card %s is about the learner's output, or keeps its input on the back: %+v", c.ID, c)
		}
	}
	for _, id := range strings.Fields(multiple) {
		var found *savedCard
		for i := range all {
			if all[i].ID == id {
				found = &all[i]
			}
		}
		if found == nil {
			t.Errorf("no card for the missed multi-select question %s", id)
		} else if len(found.Choices) < 2 {
			t.Errorf("the card for the missed multi-select question %s has no choices: %+v", id, *found)
		}
	}

	// The review page, card by card.
	load(t, ctx, srv.URL+"review.html")
	seen := map[string]bool{}
	kinds := map[string]int{}
	for i := 0; i <= len(all); i++ {
		id := evalString(t, ctx, `document.querySelector("[data-review] [data-card]")?.dataset.card ?? ""`)
		if id == "" {
			break
		}
		if seen[id] {
			failWithShot(t, ctx, "cards", "card %s shown twice in one pass", id)
		}
		seen[id] = true
		origin := evalString(t, ctx, `document.querySelector("[data-review] [data-card]").dataset.origin`)
		kinds[origin]++
		front := evalString(t, ctx, `document.querySelector('[data-review] [data-role="front"]').innerText`)
		choices, _ := strconv.Atoi(evalString(t, ctx, `String(document.querySelectorAll('[data-review] [data-role="front"] [data-role="choices"] li').length)`))
		if !strings.Contains(front, "?") {
			failWithShot(t, ctx, "cards", "card %s (%s): the front asks no question: %q", id, origin, front)
		}
		if strings.Contains(" "+multiple+" ", " "+id+" ") && choices < 2 {
			failWithShot(t, ctx, "cards", "card %s: a multi-select question's card shows %d choices on its front: %q", id, choices, front)
		}
		name := ""
		if shots != "" {
			switch {
			case strings.HasPrefix(id, "exercise:") && !exists(filepath.Join(shots, "card-exercise-front.png")):
				name = "card-exercise"
			case strings.Contains(" "+multiple+" ", " "+id+" ") && !exists(filepath.Join(shots, "card-quiz-multiple-front.png")):
				name = "card-quiz-multiple"
			}
		}
		if name != "" {
			saveElementShot(t, ctx, shots, name+"-front", "[data-review] [data-card]")
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
			t.Fatal(err)
		}
		if name != "" {
			saveElementShot(t, ctx, shots, name+"-back", "[data-review] [data-card]")
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("4")); err != nil {
			t.Fatal(err)
		}
		if err := waitFor(ctx, `(document.querySelector("[data-review] [data-card]")?.dataset.card ?? "") !== `+quote(id), stepWait); err != nil {
			failWithShot(t, ctx, "cards", "rating card %s did not move on: %v", id, err)
		}
	}
	if len(seen) != len(all) {
		failWithShot(t, ctx, "cards", "the review page showed %d cards, the browser saved %d", len(seen), len(all))
	}
	for _, k := range []string{"deck", "quiz", "exercise"} {
		if kinds[k] == 0 {
			t.Errorf("no %s card was reviewed (kinds seen: %v)", k, kinds)
		}
	}
	t.Logf("reviewed %d cards: %v", len(seen), kinds)
	if got := p.All(); len(got) > 0 {
		t.Errorf("problems:\n  %s", strings.Join(got, "\n  "))
	}
}

// saveElementShot saves a picture of the element sel, whole, under
// dir/name.png.
func saveElementShot(t *testing.T, ctx context.Context, dir, name, sel string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A picture beyond the viewport is drawn without the scroll bar, so the
	// page is measured without it too (as on a phone), or the box would
	// miss the reflowed element.
	var box struct{ X, Y, W, H float64 }
	if err := json.Unmarshal([]byte(evalString(t, ctx, `(() => { document.documentElement.style.scrollbarWidth = "none"; const e = document.querySelector(`+quote(sel)+`); e.scrollIntoView({block: "start"}); const r = e.getBoundingClientRect(); return JSON.stringify({X: r.left + scrollX, Y: r.top + scrollY, W: r.width, H: r.height}); })()`)), &box); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	shot, err := chromedp.Call(sctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format: page.CaptureScreenshotFormatPng, CaptureBeyondViewport: ptrTrue(),
		Clip: &page.Viewport{X: box.X, Y: box.Y, Width: box.W, Height: box.H, Scale: 1},
	})
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), shot.Data, 0o644); err != nil {
		t.Error(err)
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
