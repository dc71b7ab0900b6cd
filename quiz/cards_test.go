package quiz

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCardFromMissed(t *testing.T) {
	b := defaultBank(t)
	cases := []struct {
		question  string
		wantID    string
		wantBack  string // the start of the back
		wantCode  bool
		wantFront string
		choices   int
	}{
		{"bucket-idle-burst", "card-bucket-model", "Answer: 10 requests\n\nThe bucket never holds more", false, "A token bucket has capacity 10", 0},
		{"timeouts-zero-client", "card-timeouts-zero", "Answer: B. The call can wait forever", false, "In Go, you create a client", 3},
		{"breaker-output", "quiz:breaker-output", "Answer: A. after 3 failures: open\ncall at 5s", true, "A breaker opens after 3", 4},
		{"timeouts-split", "card-timeouts-split", "Answer: A. A short connect timeout of about 3 seconds.\nB. A deadline", false, "Choose all that apply.", 4},
		{"storms-multiply", "quiz:storms-multiply", "Answer: 4000 requests", false, "1,000 clients", 0},
	}
	for _, c := range cases {
		q, ok := b.Question(c.question)
		require.True(t, ok, "question %q", c.question)
		card := CardFromMissed(q)
		assert.Equal(t, c.wantID, card.ID, "id of the card for %s", c.question)
		assert.Equal(t, OriginQuiz, card.Origin, "origin of the card for %s", c.question)
		assert.Equal(t, q.Section, card.Section, "section of the card for %s", c.question)
		assert.Contains(t, card.Front, c.wantFront, "front of the card for %s", c.question)
		assert.Truef(t, strings.HasPrefix(card.Back, c.wantBack),
			"back of the card for %s: want it to start with %q, got %q", c.question, c.wantBack, card.Back)
		assert.Contains(t, card.Back, q.Explain, "back of the card for %s ends with the explanation", c.question)
		assert.Equal(t, c.wantCode, card.Code != "", "card for %s shows the program: got code %q", c.question, card.Code)
		assert.Len(t, card.Choices, c.choices, "choices on the front of the card for %s: %q", c.question, card.Choices)
	}
}

func TestCardFromCheck(t *testing.T) {
	cases := []struct {
		name  string
		check FailedCheck
		want  Card
	}{
		{
			name: "with input",
			check: FailedCheck{
				Exercise: "token-bucket", Title: "A token bucket that says when to come back", Section: "token-bucket",
				Check: "retry-after", Idea: "A refused request is told exactly how long until the next token: (1 - tokens) / rate.",
				Input: "capacity 3, rate 1/s; requests at 0.0, 0.1, 0.2, 0.3 s",
			},
			want: Card{
				ID: "exercise:token-bucket/retry-after", Section: "token-bucket",
				Front:  "Exercise \u201cA token bucket that says when to come back\u201d: what rule does the check \u201cretry-after\u201d hold your code to?\nIt tries: capacity 3, rate 1/s; requests at 0.0, 0.1, 0.2, 0.3 s",
				Back:   "A refused request is told exactly how long until the next token: (1 - tokens) / rate.",
				Origin: OriginExercise,
			},
		},
		{
			name:  "no title, no input, no idea",
			check: FailedCheck{Exercise: "classifier", Section: "what-to-retry", Check: "422"},
			want: Card{
				ID: "exercise:classifier/422", Section: "what-to-retry",
				Front:  "Exercise \u201cclassifier\u201d: what rule does the check \u201c422\u201d hold your code to?",
				Back:   "See the check \u201c422\u201d on the exercise's page.",
				Origin: OriginExercise,
			},
		},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, CardFromCheck(c.check), "%s: CardFromCheck(%+v)", c.name, c.check)
	}
}

func TestCardForCheck(t *testing.T) {
	b := defaultBank(t)
	cases := []struct {
		exercise, check, wantID, wantFront string
	}{
		{"full-jitter", "doubling", "exercise:full-jitter/doubling", "base 500 ms"},
		{"full-jitter", "jitter-spread", "card-backoff-full-jitter", "What is full jitter"},
		{"retry-loop", "invalid-retry-after", "exercise:retry-classifier/retry-after-invalid", "`1.5`"},
		{"full-jitter", "a-check-with-no-card", "exercise:full-jitter/a-check-with-no-card", "what rule does the check"},
	}
	for _, c := range cases {
		got := b.CardForCheck(FailedCheck{Exercise: c.exercise, Check: c.check, Idea: "an idea"})
		assert.Equal(t, c.wantID, got.ID, "card for %s/%s", c.exercise, c.check)
		assert.Contains(t, got.Front, c.wantFront, "front of the card for %s/%s", c.exercise, c.check)
	}
	// Checks that share an idea share a card, once.
	cards := b.CardsForChecks([]FailedCheck{
		{Exercise: "retry-loop", Check: "jitter-spread"}, {Exercise: "full-jitter", Check: "jitter-spread"},
		{Exercise: "retry-loop", Check: "mixed-script"},
	})
	var ids []string
	for _, c := range cards {
		ids = append(ids, c.ID)
	}
	assert.Equal(t, []string{"card-backoff-full-jitter", "exercise:retry-loop/mixed-script"}, ids)
	assert.NotNil(t, b.CardsForChecks(nil), "no failed checks: an empty list, never null")
}

func TestDeckCardsHaveOriginDeck(t *testing.T) {
	for _, c := range defaultBank(t).Cards {
		assert.Equal(t, OriginDeck, c.Origin, "origin of card %q", c.ID)
	}
}

// everyCard is every card a learner can be given, by the kind it was made
// as: the deck, one per question missed, one per exercise check failed.
func everyCard(t *testing.T) map[string][]Card {
	b := defaultBank(t)
	kinds := map[string][]Card{"deck": b.Cards}
	for _, q := range b.Questions {
		kinds["quiz-"+string(q.Kind)] = append(kinds["quiz-"+string(q.Kind)], CardFromMissed(q))
	}
	for _, c := range b.CheckCards {
		card, ok := b.Card(CheckCardID(c.Exercise, c.Check))
		require.True(t, ok, "check card %s/%s", c.Exercise, c.Check)
		kinds["exercise"] = append(kinds["exercise"], card)
	}
	kinds["exercise-fallback"] = []Card{CardFromCheck(FailedCheck{
		Exercise: "full-jitter", Title: "A backoff schedule with full jitter", Section: "backoff-and-jitter",
		Check: "new-check", Idea: "The backoff doubles.", Input: "Backoff(3, 500ms, 8s)",
	})}
	return kinds
}

// TestEveryCardIsAnswerable walks every kind of card and checks that its
// front asks a question the learner can answer from the front alone: a
// question with its input, and the choices when the question had some.
func TestEveryCardIsAnswerable(t *testing.T) {
	b := defaultBank(t)
	kinds := everyCard(t)
	for _, k := range []string{"deck", "quiz-single", "quiz-multiple", "quiz-numeric", "quiz-output", "exercise", "exercise-fallback"} {
		assert.NotEmpty(t, kinds[k], "cards of kind %s", k)
	}
	for kind, cards := range kinds {
		for _, c := range cards {
			where := fmt.Sprintf("%s card %s (front %q)", kind, c.ID, c.Front)
			assert.Contains(t, c.Front, "?", "%s: the front asks a question", where)
			assert.NotContains(t, c.Front, "Your code gave", "%s: the front is about the idea, not the learner's output", where)
			assert.NotEmpty(t, strings.TrimSpace(c.Back), "%s: a back", where)
			_, ok := b.SectionNumbered(sectionNumber(b, c.Section))
			assert.True(t, ok, "%s: section %q", where, c.Section)
			assert.NotContains(t, c.Back, "Input:", "%s: the input belongs on the front, not the back", where)
			if kind == "quiz-single" || kind == "quiz-multiple" || kind == "quiz-output" {
				assert.GreaterOrEqual(t, len(c.Choices), 2, "%s: the choices are on the front", where)
			}
		}
	}
	fallback := kinds["exercise-fallback"][0]
	assert.Contains(t, fallback.Front, "Backoff(3, 500ms, 8s)", "a card made without a hand-written one shows the check's input on the front")
}

func sectionNumber(b *Bank, id string) int {
	for _, s := range b.Sections {
		if s.ID == id {
			return s.Number
		}
	}
	return -1
}

// words are a text's content words, for comparing what two cards say.
func words(s string) map[string]bool {
	stop := map[string]bool{"the": true, "a": true, "an": true, "and": true, "or": true, "of": true, "to": true, "is": true, "it": true,
		"in": true, "what": true, "does": true, "do": true, "for": true, "with": true, "its": true, "that": true, "on": true, "be": true,
		"are": true, "so": true, "not": true, "one": true, "which": true, "how": true, "at": true, "this": true, "answer": true}
	out := map[string]bool{}
	for _, w := range regexp.MustCompile(`[a-z0-9]+`).FindAllString(strings.ToLower(s), -1) {
		if !stop[w] {
			out[w] = true
		}
	}
	return out
}

// similarity is the Jaccard index of two cards' content words, front and
// back together.
func similarity(a, b Card) float64 {
	wa, wb := words(a.Front+" "+a.Back), words(b.Front+" "+b.Back)
	inter := 0
	for w := range wa {
		if wb[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(wa)+len(wb)-inter)
}

// maxSimilarity is how alike two cards with different IDs may be. Above
// it they say the same thing in nearly the same words: link the question
// (Question.Card) or the check (checks.json "card") to one of them instead.
// Word overlap cannot tell every pair of facts apart (cards about the same
// exercise share its vocabulary), so the links themselves are the main
// defence; this catches the blatant case.
const maxSimilarity = 0.5

// TestNoTwoCardsForOneFact: cards with different IDs say different things,
// and one ID always stands for one fact.
func TestNoTwoCardsForOneFact(t *testing.T) {
	byID := map[string][]Card{}
	for _, cards := range everyCard(t) {
		for _, c := range cards {
			for _, prev := range byID[c.ID] {
				assert.Equal(t, prev.Section, c.Section, "card %s stands for facts of two sections: %q and %q", c.ID, prev.Front, c.Front)
			}
			byID[c.ID] = append(byID[c.ID], c)
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	type pair struct {
		a, b string
		s    float64
		fa   string
		fb   string
	}
	var close []pair
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			for _, ca := range byID[a] {
				for _, cb := range byID[b] {
					if s := similarity(ca, cb); s > maxSimilarity {
						close = append(close, pair{a, b, s, ca.Front, cb.Front})
					}
				}
			}
		}
	}
	slices.SortFunc(close, func(x, y pair) int {
		if x.s > y.s {
			return -1
		}
		return 1
	})
	for _, p := range close {
		t.Errorf("cards %s and %s look like one fact (similarity %.2f > %.2f):\n  %q\n  %q",
			p.a, p.b, p.s, maxSimilarity, p.fa, p.fb)
	}
}
