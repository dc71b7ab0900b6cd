//go:build browser

package quizbrowser

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/quiz"
)

// plan answers the final quiz: every other question right, the others
// wrong, and the last one left unanswered.
func plan(t *testing.T) []quiz.Response {
	b, err := quiz.Default()
	require.NoError(t, err)
	qs := b.Quiz(quiz.FinalQuiz)
	require.GreaterOrEqual(t, len(qs), 5)
	var rs []quiz.Response
	for i, q := range qs {
		r := quiz.Response{Question: q.ID}
		switch {
		case i == len(qs)-1:
			// unanswered
		case q.Kind == quiz.Numeric && i%2 == 0:
			r.Answer.Value = strconv.FormatFloat(q.Numeric.Value, 'f', -1, 64)
		case q.Kind == quiz.Numeric:
			r.Answer.Value = strconv.FormatFloat(q.Numeric.Value+q.Numeric.Tolerance+1, 'f', -1, 64)
		default:
			for _, c := range q.Choices {
				if c.Correct == (i%2 == 0) {
					r.Answer.Choices = append(r.Answer.Choices, c.ID)
					if i%2 == 1 {
						break
					}
				}
			}
		}
		rs = append(rs, r)
	}
	return rs
}

func text(ctx context.Context, js string) (string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[string](js))
}

// plain drops the backticks of bank text, as the page shows it.
func plain(s string) string { return strings.ReplaceAll(s, "`", "") }

func TestFinalQuizThenReview(t *testing.T) {
	ctx, problems, base := tab(t)
	responses := plan(t)
	want := quiz.Score(responses) // the Go grader's verdict on the same answers
	require.Positive(t, want.Correct, "the plan gets some right")
	require.Less(t, want.Correct, want.Total, "the plan gets some wrong")

	require.NoError(t, open(ctx, base+"quiz.html"))
	for _, r := range responses {
		q := fmt.Sprintf(`li[data-question=%q] `, r.Question)
		for _, c := range r.Answer.Choices {
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(q+fmt.Sprintf(`input[value=%q]`, c)))), "choose %s of %s", c, r.Question)
		}
		if r.Answer.Value != "" {
			require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(q+`input[type="text"]`), r.Answer.Value)))
		}
	}
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`form[data-quiz-form] button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-role="quiz-score"] [data-role="total"]`)),
	))
	shoot(t, ctx, "final-quiz-graded")

	total, err := text(ctx, `document.querySelector('[data-role="total"]').textContent`)
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("%d of %d right (%d%%).", want.Correct, want.Total, want.Percent), total, "score line")

	b, _ := quiz.Default()
	var missed []string
	for i, res := range want.Results {
		q, _ := b.Question(res.Question)
		sel := fmt.Sprintf(`document.querySelector('li[data-question=%q]')`, res.Question)
		state, err := text(ctx, sel+`.dataset.result`)
		require.NoError(t, err)
		wantState := map[bool]string{true: "right", false: "wrong"}[res.Correct]
		if !res.Answered {
			wantState = "unanswered"
		}
		assert.Equal(t, wantState, state, "result of %s answered %+v", res.Question, responses[i].Answer)
		explain, err := text(ctx, sel+`.querySelector('[data-role="explain"]').textContent`)
		require.NoError(t, err)
		assert.Equal(t, plain(q.Explain), explain, "explanation of %s", res.Question)
		if !res.Correct {
			if id := quiz.CardFromMissed(q).ID; !slices.Contains(missed, id) {
				missed = append(missed, id) // questions about one fact share its card
			}
			right, err := text(ctx, sel+`.querySelector('[data-role="right"]').textContent`)
			require.NoError(t, err)
			assert.Contains(t, strings.ReplaceAll(right, "\n", " "), strings.Split(plain(res.Right), "\n")[0], "right answer shown for %s", res.Question)
		}
		for _, c := range res.Choices {
			if c.Mark != quiz.ChosenWrong && c.Mark != quiz.ChosenRight && c.Mark != quiz.Missed {
				continue
			}
			got, err := text(ctx, sel+fmt.Sprintf(`.querySelector('.quiz-explanations li[data-mark=%q]').parentElement.textContent`, c.Mark.String()))
			require.NoError(t, err, "explanation of %s choice %s", res.Question, c.ID)
			assert.Contains(t, got, plain(c.Explain), "explanation of %s choice %s (%s)", res.Question, c.ID, c.Mark)
		}
	}
	added, err := text(ctx, `document.querySelector('[data-role="cards-added"]').textContent`)
	require.NoError(t, err)
	assert.Contains(t, added, fmt.Sprintf("%d review cards are due for what you missed", len(missed)))

	// The index counts the due cards: the course deck plus the missed ones
	// that are not deck cards already.
	require.NoError(t, open(ctx, base+"index.html"))
	due, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Number(document.querySelector('[data-review-due]').dataset.due)`))
	require.NoError(t, err)
	wantDue := len(b.Cards)
	for _, id := range missed {
		if !slices.ContainsFunc(b.Cards, func(c quiz.Card) bool { return c.ID == id }) {
			wantDue++
		}
	}
	assert.Equal(t, wantDue, due, "cards due on the index")

	// The review page has the missed questions among its due cards; review
	// every card by keyboard: Space shows the answer, 3 rates it Good.
	require.NoError(t, open(ctx, base+"review.html"))
	queue, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.mounted.store.queue().map(e => e.card.id)`))
	require.NoError(t, err)
	for _, id := range missed {
		assert.Contains(t, queue, id, "missed question among the due cards")
	}
	seen := map[string]bool{}
	for i := 0; i < len(queue)+1; i++ {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('[data-role="review-done"]')`))
		require.NoError(t, err)
		if done {
			break
		}
		id, err := text(ctx, `document.querySelector('[data-card]').dataset.card`)
		require.NoError(t, err)
		seen[id] = true
		require.NoError(t, chromedp.Do(ctx,
			chromedp.KeyEvent(" "),
			chromedp.WaitVisible(chromedp.CSS(`[data-card] [data-role="back"]`)),
		), "show the answer of %s", id)
		if strings.HasPrefix(id, "quiz:") && !seen["shot"] {
			seen["shot"] = true
			shoot(t, ctx, "review-missed-card")
		}
		require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("3")), "rate %s Good", id)
		require.NoError(t, waitFor(ctx, fmt.Sprintf(`document.querySelector('[data-card]')?.dataset.card !== %q`, id)), "next card after %s", id)
	}
	for _, id := range missed {
		assert.True(t, seen[id], "reviewed %s", id)
	}
	assert.Len(t, seen, len(queue)+1, "every due card reviewed once (plus the screenshot marker)")

	// Rated Good, every card is scheduled later: nothing due after a reload.
	require.NoError(t, open(ctx, base+"review.html"))
	summary, err := text(ctx, `document.querySelector('[data-role="review-summary"]').textContent`)
	require.NoError(t, err)
	assert.Equal(t, "Nothing is due right now.", summary)
	assert.Empty(t, problems.All(), "console errors and exceptions")
}

func TestNarrowScreen(t *testing.T) {
	if os.Getenv("QUIZ_SCREENSHOTS") == "" {
		t.Skip("set QUIZ_SCREENSHOTS=1 to save screenshots at 360 px")
	}
	ctx, _, base := tab(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 800)))
	require.NoError(t, open(ctx, base+"quiz.html"))
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`form[data-quiz-form] button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-role="total"]`))))
	shoot(t, ctx, "final-quiz-360px")
}

// waitFor polls expr until it is true. Its limit only ends a test that
// hangs: what it waits for takes milliseconds on a quiet machine, but make
// test runs the browser suites side by side on two cores.
func waitFor(ctx context.Context, expr string) error {
	const limit = time.Minute
	deadline := time.Now().Add(limit)
	for {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr)); err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("waited %v for %s", limit, expr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// shoot saves a screenshot when QUIZ_SCREENSHOTS is set, for a person to look at.
func shoot(t *testing.T, ctx context.Context, name string) {
	if os.Getenv("QUIZ_SCREENSHOTS") != "" {
		screenshot(t, ctx, name)
	}
}
