package quiz

import "strings"

// Card is a spaced-repetition review card. The browser schedules cards by
// ID, so an ID names one fact for good: reword a card freely, but give a
// card about a different fact a new ID. Everything needed to answer it is
// on the front: the question, its input (in the text or in Code) and, for
// a question with choices, the choices.
type Card struct {
	ID      string `json:"id"`
	Section string `json:"section"`
	Front   string `json:"front"`
	// Code is an optional program or snippet shown under the front.
	Code string `json:"code,omitempty"`
	// Choices are the answers to choose from, shown under the front.
	Choices []string `json:"choices,omitempty"`
	Back    string   `json:"back"`
	Origin  string   `json:"origin"`
}

// Where a card comes from.
const (
	OriginDeck     = "deck"     // hand-written, in the bank's cards.json
	OriginQuiz     = "quiz"     // made from a missed question by CardFromMissed
	OriginExercise = "exercise" // made for a failed exercise check (checks.json or CardFromCheck)
)

// MissedCardID is the ID of the card made from a missed question that
// states no fact of the deck, so that missing the same question twice
// finds the card already scheduled.
func MissedCardID(questionID string) string { return "quiz:" + questionID }

// CardFromMissed turns a missed question into a review card: the front is
// the question with its program or snippet and its choices, the back the
// right answer followed by the explanation. A question that tests a fact
// of the deck (Question.Card) gives that card's ID, so the fact is never
// carded twice.
func CardFromMissed(q Question) Card {
	code := q.Code
	if q.Source != "" {
		code = q.Source
	}
	id := MissedCardID(q.ID)
	if q.Card != "" {
		id = q.Card
	}
	// The choices are lettered on the front (A, B, …), so the back names
	// the right ones by letter too.
	var choices, right []string
	answer := RightAnswer(q)
	if q.Kind.hasChoices() {
		for i, c := range q.Choices {
			choices = append(choices, c.Text)
			if c.Correct {
				right = append(right, string(rune('A'+i))+". "+c.Text)
			}
		}
		answer = strings.Join(right, "\n")
	}
	return Card{
		ID:      id,
		Section: q.Section,
		Front:   q.Prompt,
		Code:    code,
		Choices: choices,
		Back:    "Answer: " + answer + "\n\n" + q.Explain,
		Origin:  OriginQuiz,
	}
}

// FailedCheck is an exercise check the learner's code did not pass, as the
// exercise grader reports it.
type FailedCheck struct {
	Exercise string // exercise slug, such as "full-jitter"
	Title    string // exercise title shown to the learner
	Section  string // section id of the exercise
	Check    string // the check's name, such as "doubling"
	// Idea is what the check verifies, in one sentence (its title).
	Idea string
	// Input is what the check tried when it failed, if known.
	Input string
}

// CheckCardID is the ID of the card about an exercise check.
func CheckCardID(exercise, check string) string { return "exercise:" + exercise + "/" + check }

// CardFromCheck is the card for a failed check that has no hand-written
// card in the bank (see (*Bank).CardForCheck): the front asks for the rule
// the check holds the code to, with the input it tried; the back states
// the rule. It never shows what the learner's code did.
func CardFromCheck(c FailedCheck) Card {
	title := c.Title
	if title == "" {
		title = c.Exercise
	}
	front := "Exercise \u201c" + title + "\u201d: what rule does the check \u201c" + c.Check + "\u201d hold your code to?"
	if in := strings.TrimSpace(c.Input); in != "" {
		front += "\nIt tries: " + in
	}
	back := strings.TrimSpace(c.Idea)
	if back == "" {
		back = "See the check \u201c" + c.Check + "\u201d on the exercise's page."
	}
	return Card{
		ID:      CheckCardID(c.Exercise, c.Check),
		Section: c.Section,
		Front:   front,
		Back:    back,
		Origin:  OriginExercise,
	}
}
