package quiz

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCardFromMissed(t *testing.T) {
	b := defaultBank(t)
	cases := []struct {
		question  string
		wantBack  string // the start of the back
		wantCode  bool
		wantFront string
	}{
		{"bucket-idle-burst", "Answer: 10 requests\n\nThe bucket never holds more", false, "A token bucket has capacity 10"},
		{"timeouts-zero-client", "Answer: The call can wait forever", false, "In Go, you create a client"},
		{"breaker-output", "Answer: after 3 failures: open\ncall at 5s", true, "A breaker opens after 3"},
	}
	for _, c := range cases {
		q, ok := b.Question(c.question)
		require.True(t, ok, "question %q", c.question)
		card := CardFromMissed(q)
		assert.Equal(t, "quiz:"+c.question, card.ID, "id of the card for %s", c.question)
		assert.Equal(t, OriginQuiz, card.Origin, "origin of the card for %s", c.question)
		assert.Equal(t, q.Section, card.Section, "section of the card for %s", c.question)
		assert.Contains(t, card.Front, c.wantFront, "front of the card for %s", c.question)
		assert.Truef(t, len(card.Back) >= len(c.wantBack) && card.Back[:len(c.wantBack)] == c.wantBack,
			"back of the card for %s: want it to start with %q, got %q", c.question, c.wantBack, card.Back)
		assert.Contains(t, card.Back, q.Explain, "back of the card for %s ends with the explanation", c.question)
		assert.Equal(t, c.wantCode, card.Code != "", "card for %s shows the program: got code %q", c.question, card.Code)
	}
}

func TestCardFromCheck(t *testing.T) {
	cases := []struct {
		name  string
		check FailedCheck
		want  Card
	}{
		{
			name: "full",
			check: FailedCheck{
				Exercise: "bucket-retry-after", Title: "Token bucket with retry-after", Section: "token-bucket",
				Check: "fourth request at t=0.3s", Want: "429, retry after 0.7s", Got: "allowed",
				Why: "Three tokens pay for three requests; the fourth must wait for (1 - 0.3) / 1 s.",
			},
			want: Card{
				ID: "exercise:bucket-retry-after/fourth request at t=0.3s", Section: "token-bucket",
				Front:  "Exercise \u201cToken bucket with retry-after\u201d, check \u201cfourth request at t=0.3s\u201d: what should happen?\n(Your code gave: allowed)",
				Back:   "Expected: 429, retry after 0.7s\n\nThree tokens pay for three requests; the fourth must wait for (1 - 0.3) / 1 s.",
				Origin: OriginExercise,
			},
		},
		{
			name:  "no title, no got, no why",
			check: FailedCheck{Exercise: "classifier", Section: "what-to-retry", Check: "422", Want: "never"},
			want: Card{
				ID: "exercise:classifier/422", Section: "what-to-retry",
				Front:  "Exercise \u201cclassifier\u201d, check \u201c422\u201d: what should happen?",
				Back:   "Expected: never",
				Origin: OriginExercise,
			},
		},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, CardFromCheck(c.check), "%s: CardFromCheck(%+v)", c.name, c.check)
	}
}

func TestDeckCardsHaveOriginDeck(t *testing.T) {
	for _, c := range defaultBank(t).Cards {
		assert.Equal(t, OriginDeck, c.Origin, "origin of card %q", c.ID)
	}
}
