package quiz

import "strings"

// Card is a spaced-repetition review card. The browser schedules cards by
// ID, so an ID names one fact for good: reword a card freely, but give a
// card about a different fact a new ID.
type Card struct {
	ID      string `json:"id"`
	Section string `json:"section"`
	Front   string `json:"front"`
	// Code is an optional program or snippet shown under the front.
	Code   string `json:"code,omitempty"`
	Back   string `json:"back"`
	Origin string `json:"origin"`
}

// Where a card comes from.
const (
	OriginDeck     = "deck"     // hand-written, in the bank's cards.json
	OriginQuiz     = "quiz"     // made from a missed question by CardFromMissed
	OriginExercise = "exercise" // made from a failed exercise check by CardFromCheck
)

// MissedCardID is the ID of the card made from a missed question, so that
// missing the same question twice finds the card already scheduled.
func MissedCardID(questionID string) string { return "quiz:" + questionID }

// CardFromMissed turns a missed question into a review card: the front is
// the question (with its program or snippet), the back the right answer
// followed by the explanation.
func CardFromMissed(q Question) Card {
	code := q.Code
	if q.Source != "" {
		code = q.Source
	}
	return Card{
		ID:      MissedCardID(q.ID),
		Section: q.Section,
		Front:   q.Prompt,
		Code:    code,
		Back:    "Answer: " + RightAnswer(q) + "\n\n" + q.Explain,
		Origin:  OriginQuiz,
	}
}

// FailedCheck describes an exercise check the learner's code did not pass,
// as the exercise grader reports it.
type FailedCheck struct {
	Exercise string // exercise id, such as "bucket-retry-after"
	Title    string // exercise title shown to the learner
	Section  string // section id of the exercise
	Check    string // what the check tried, such as "fourth request at t=0.3s"
	Want     string // what the reference behaviour gives
	Got      string // what the learner's code gave
	// Why is the fact the check rests on, in one or two sentences.
	Why string
}

// CheckCardID is the ID of the card made from a failed exercise check.
func CheckCardID(exercise, check string) string { return "exercise:" + exercise + "/" + check }

// CardFromCheck turns a failed exercise check into a review card: the front
// asks what the check expects (reminding what the learner's code gave), the
// back gives the expected result and the reason.
func CardFromCheck(c FailedCheck) Card {
	title := c.Title
	if title == "" {
		title = c.Exercise
	}
	front := "Exercise \u201c" + title + "\u201d, check \u201c" + c.Check + "\u201d: what should happen?"
	if c.Got != "" {
		front += "\n(Your code gave: " + c.Got + ")"
	}
	back := "Expected: " + c.Want
	if why := strings.TrimSpace(c.Why); why != "" {
		back += "\n\n" + why
	}
	return Card{
		ID:      CheckCardID(c.Exercise, c.Check),
		Section: c.Section,
		Front:   front,
		Back:    back,
		Origin:  OriginExercise,
	}
}
