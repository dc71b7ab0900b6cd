//go:build browser

package quizbrowser

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQuickCheckInLesson answers a lesson's quick check wrong, reads the
// explanation of the mistake, tries again and gets it right; unreadable
// saved review state is set aside with a notice instead of breaking it.
func TestQuickCheckInLesson(t *testing.T) {
	ctx, problems, base := tab(t)
	_, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`localStorage.setItem("flakylab:review", "{not json")`))
	require.NoError(t, err)
	require.NoError(t, open(ctx, base+"lesson.html"))

	notice, err := text(ctx, `document.querySelector('[data-role="notices"]').textContent`)
	require.NoError(t, err)
	assert.Contains(t, notice, "could not read your review cards (it is not valid JSON)", "notice")
	aside, err := chromedp.Run(ctx, chromedp.Evaluate[int](
		`Object.keys(localStorage).filter(k => k.startsWith("flakylab:aside:") && localStorage.getItem(k) === "{not json").length`))
	require.NoError(t, err)
	assert.Equal(t, 1, aside, "the unreadable value kept under an aside key")

	ids, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-question]')].map(li => li.dataset.question)`))
	require.NoError(t, err)
	assert.Equal(t, []string{"bucket-idle-burst", "bucket-retry-after", "bucket-replicas", "bucket-burst-output"}, ids, "quick checks of the token-bucket section")

	const q = `li[data-question="bucket-idle-burst"] `
	submit := chromedp.CSS(`button[type="submit"]`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(q+`input[type="text"]`), "15"),
		chromedp.Click(submit),
		chromedp.WaitVisible(chromedp.CSS(q+`[data-role="note"]`)),
	))
	note, err := text(ctx, `document.querySelector('`+q+`[data-role="note"]').textContent`)
	require.NoError(t, err)
	assert.Contains(t, note, "stops filling at its capacity of 10", "explanation of the answer 15")
	right, err := text(ctx, `document.querySelector('`+q+`[data-role="right"]').textContent`)
	require.NoError(t, err)
	assert.Equal(t, "Right answer: 10 requests", right)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`.quiz-actions button[type="button"]`)),
		chromedp.WaitVisible(submit),
		chromedp.SendKeys(chromedp.CSS(q+`input[type="text"]`), "10 requests"),
		chromedp.Click(submit),
		chromedp.WaitVisible(chromedp.CSS(q+`[data-role="verdict"]`)),
	))
	result, err := text(ctx, `document.querySelector('`+q+`').dataset.result`)
	require.NoError(t, err)
	assert.Equal(t, "right", result, "after trying again with 10")
	assert.Empty(t, problems.All(), "console errors and exceptions")
}

// TestNumberReadTwoWaysIsAskedBack types "0,200" into a quick check that
// wants seconds: the page asks whether 0.2 or 200 was meant, grades
// nothing and keeps the question open; "200ms" is then read as 0.2 s and
// is right.
func TestNumberReadTwoWaysIsAskedBack(t *testing.T) {
	ctx, problems, base := tab(t)
	require.NoError(t, open(ctx, base+"lesson.html"))
	const q = `li[data-question="bucket-retry-after"] `
	input := chromedp.CSS(q + `input[type="text"]`)
	submit := chromedp.CSS(`button[type="submit"]`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(input, "0,200"),
		chromedp.Click(submit),
		chromedp.WaitVisible(chromedp.CSS(q+`[data-role="note"]`)),
	))
	note, err := text(ctx, `document.querySelector('`+q+`[data-role="note"]').textContent`)
	require.NoError(t, err)
	assert.Contains(t, note, `"0,200" could be 0.2 or 200`, "the page asks which number was meant")
	state, err := text(ctx, `document.querySelector('`+q+`').dataset.result + " " + document.querySelector('`+q+`input').disabled + " " + (document.querySelector('[data-role="cards-added"]') !== null)`)
	require.NoError(t, err)
	assert.Equal(t, "ask false false", state, "asked, still editable, no card added")

	_, err = text(ctx, `(document.querySelector('`+q+`input').value = "", "")`)
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(input, "200ms"),
		chromedp.Click(submit),
		chromedp.WaitVisible(chromedp.CSS(q+`[data-role="verdict"]`)),
	))
	result, err := text(ctx, `document.querySelector('`+q+`').dataset.result`)
	require.NoError(t, err)
	assert.Equal(t, "right", result, `"200ms" for a question in seconds`)
	assert.Empty(t, problems.All(), "console errors and exceptions")
}
