package site_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/quiz"
)

// TestEveryCheckHasACard: each check of each exercise has a review card in
// the quiz bank (its own, or one it shares), in the section of the
// exercise's lesson, so a learner whose code fails it reviews its idea.
// A new check needs an entry in quiz/bank/checks.json.
func TestEveryCheckHasACard(t *testing.T) {
	b, err := quiz.Default()
	require.NoError(t, err)
	for _, e := range exercises.All() {
		num, _, _ := strings.Cut(e.Section, ".")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		require.NoError(t, err, "%s: section %q", e.Slug, e.Section)
		section, ok := b.SectionNumbered(n)
		require.True(t, ok, "%s: no quiz section numbered %d", e.Slug, n)
		for _, c := range e.Checks {
			cc, ok := b.CheckCard(e.Slug, c.Name)
			if !assert.True(t, ok, "check %s/%s has no card: add one to quiz/bank/checks.json (a question about %q with its own input, or the id of the card it shares)", e.Slug, c.Name, c.Title) {
				continue
			}
			assert.Equal(t, section.ID, cc.Section, "check %s/%s: the card's section", e.Slug, c.Name)
			card := b.CardForCheck(quiz.FailedCheck{Exercise: e.Slug, Check: c.Name, Section: section.ID})
			assert.Contains(t, card.Front, "?", "check %s/%s: the card asks a question: %q", e.Slug, c.Name, card.Front)
		}
	}
	// And no card in the bank for a check that does not exist.
	for _, cc := range b.CheckCards {
		e, err := exercises.Get(cc.Exercise)
		if !assert.NoError(t, err, "check card %s/%s", cc.Exercise, cc.Check) {
			continue
		}
		found := false
		for _, c := range e.Checks {
			found = found || c.Name == cc.Check
		}
		assert.True(t, found, "quiz/bank/checks.json has a card for %s/%s, which is not a check of the exercise", cc.Exercise, cc.Check)
	}
}
