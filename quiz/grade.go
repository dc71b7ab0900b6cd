package quiz

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Answer is a learner's answer to one question: the ids of the chosen
// choices for choice questions, or the typed text for a numeric one (the
// grader parses it, so the browser never has to).
type Answer struct {
	Choices []string `json:"choices,omitempty"`
	Value   string   `json:"value,omitempty"`
}

// Response is the answer given to one question of a quiz. A question shown
// but left unanswered is sent with an empty Answer and counts as missed.
type Response struct {
	Question string `json:"question"`
	Answer   Answer `json:"answer"`
}

// Mark says how one choice relates to an answer.
type Mark int

// The marks of a choice after grading.
const (
	NotChosen   Mark = iota // a wrong choice the learner rightly left alone
	ChosenRight             // a right choice the learner picked
	ChosenWrong             // a wrong choice the learner picked
	Missed                  // a right choice the learner did not pick
)

var markNames = [...]string{"not-chosen", "chosen-right", "chosen-wrong", "missed"}

func (m Mark) String() string {
	if m < 0 || int(m) >= len(markNames) {
		return fmt.Sprintf("Mark(%d)", int(m))
	}
	return markNames[m]
}

// MarshalText writes the mark's name, which is what the browser sees.
func (m Mark) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a mark's name.
func (m *Mark) UnmarshalText(b []byte) error {
	for i, name := range markNames {
		if string(b) == name {
			*m = Mark(i)
			return nil
		}
	}
	return fmt.Errorf("quiz: unknown mark %q", b)
}

// ChoiceFeedback is one choice of a graded question with its mark and the
// explanation of why it is right or wrong.
type ChoiceFeedback struct {
	ID      string `json:"id"`
	Text    string `json:"text"`
	Mark    Mark   `json:"mark"`
	Explain string `json:"explain"`
}

// Result is the grade of one answer.
type Result struct {
	Question string `json:"question"`
	Kind     Kind   `json:"kind"`
	Answered bool   `json:"answered"`
	Correct  bool   `json:"correct"`
	// Choices holds every choice of a choice question, in bank order.
	Choices []ChoiceFeedback `json:"choices,omitempty"`
	// Note is about the learner's own answer: the mistake behind a known
	// wrong number, or why the answer could not be read.
	Note string `json:"note,omitempty"`
	// Ask marks a number that could be read two ways ("4,000"): Note asks
	// the learner which one they meant, and the answer is neither right
	// nor wrong until they say.
	Ask bool `json:"ask,omitempty"`
	// Right is the right answer in words; RightChoices its choice ids.
	Right        string   `json:"right"`
	RightChoices []string `json:"rightChoices,omitempty"`
	Explain      string   `json:"explain"`
	// Error is set, and nothing else is, when the question does not exist.
	Error string `json:"error,omitempty"`
}

// Report is the grade of a whole quiz.
type Report struct {
	Total   int      `json:"total"`
	Correct int      `json:"correct"`
	Percent int      `json:"percent"` // rounded to the nearest whole percent
	Results []Result `json:"results"`
	// Cards are review cards for the missed questions, to be added to the
	// learner's review queue.
	Cards []Card `json:"cards"`
	// Error is set when the request itself could not be read (ScoreJSON).
	Error string `json:"error,omitempty"`
}

// Grade grades an answer to a question of the default bank.
func Grade(questionID string, answer Answer) Result {
	b, err := Default()
	if err != nil {
		return Result{Question: questionID, Error: err.Error()}
	}
	return b.Grade(questionID, answer)
}

// Score grades a quiz against the default bank.
func Score(responses []Response) Report {
	b, err := Default()
	if err != nil {
		return Report{Results: []Result{}, Cards: []Card{}, Error: err.Error()}
	}
	return b.Score(responses)
}

// Score grades every response, in order, and makes a review card for each
// question missed (including unanswered ones), except for a number the
// grader had to ask about (Result.Ask); questions about one fact share its
// card, which the report holds once. Responses to unknown questions
// count as wrong and carry an Error.
func (b *Bank) Score(responses []Response) Report {
	r := Report{Total: len(responses), Results: make([]Result, 0, len(responses)), Cards: []Card{}}
	for _, resp := range responses {
		res := b.Grade(resp.Question, resp.Answer)
		r.Results = append(r.Results, res)
		if res.Correct {
			r.Correct++
			continue
		}
		if res.Ask {
			continue
		}
		if q, ok := b.Question(resp.Question); ok {
			c := CardFromMissed(q)
			if !slices.ContainsFunc(r.Cards, func(have Card) bool { return have.ID == c.ID }) {
				r.Cards = append(r.Cards, c)
			}
		}
	}
	if r.Total > 0 {
		r.Percent = int(math.Round(100 * float64(r.Correct) / float64(r.Total)))
	}
	return r
}

// Grade grades an answer to one question.
func (b *Bank) Grade(questionID string, answer Answer) Result {
	q, ok := b.Question(questionID)
	if !ok {
		return Result{Question: questionID, Error: fmt.Sprintf("quiz: no question %q", questionID)}
	}
	res := Result{Question: q.ID, Kind: q.Kind, Right: RightAnswer(q), Explain: q.Explain}
	if q.Kind == Numeric {
		gradeNumeric(q, answer.Value, &res)
	} else {
		gradeChoices(q, answer.Choices, &res)
	}
	return res
}

func gradeChoices(q Question, chosenIDs []string, res *Result) {
	chosen := make(map[string]bool, len(chosenIDs))
	known := make(map[string]bool, len(q.Choices))
	for _, c := range q.Choices {
		known[c.ID] = true
	}
	var unknown []string
	for _, id := range chosenIDs {
		if !known[id] {
			unknown = append(unknown, strconv.Quote(id))
		}
		chosen[id] = true
	}
	res.Answered = len(chosen) > 0
	res.Correct = res.Answered && len(unknown) == 0
	for _, c := range q.Choices {
		if c.Correct {
			res.RightChoices = append(res.RightChoices, c.ID)
		}
		m := NotChosen
		switch {
		case c.Correct && chosen[c.ID]:
			m = ChosenRight
		case c.Correct:
			m, res.Correct = Missed, false
		case chosen[c.ID]:
			m, res.Correct = ChosenWrong, false
		}
		res.Choices = append(res.Choices, ChoiceFeedback{ID: c.ID, Text: c.Text, Mark: m, Explain: c.Explain})
	}
	switch {
	case len(unknown) > 0:
		res.Note = "This question has no choice " + strings.Join(unknown, ", ") + "."
	case q.Kind != Multiple && len(chosen) > 1:
		res.Note = "Only one answer is right here; choose exactly one."
	}
}
