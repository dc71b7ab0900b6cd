package quiz

import (
	"encoding/json"
	"fmt"
	"strings"
)

// SiteSchema is the version of the bank JSON written by (*Bank).SiteJSON.
// It changes when a field the browser reads changes meaning.
const SiteSchema = 1

// site is the JSON the browser receives: the whole bank, with each output
// question's program source inlined and the answer keys included (the
// course is for self-study, and the page grades offline if it must).
type site struct {
	Schema    int        `json:"schema"`
	Sections  []Section  `json:"sections"`
	Questions []Question `json:"questions"`
	Cards     []Card     `json:"cards"`
}

// SiteJSON returns the bank as the JSON document the quiz and review pages
// take (see SCHEMA.md, "The site document").
func (b *Bank) SiteJSON() ([]byte, error) {
	return json.MarshalIndent(site{SiteSchema, b.Sections, b.Questions, b.Cards}, "", " ")
}

// GradeJSON is Grade for the browser runtime: it takes the answer as JSON
// ({"choices": [...]} or {"value": "..."}) and returns the Result as JSON.
// It never fails: a bad request comes back as a Result with Error set.
func GradeJSON(questionID, answerJSON string) string {
	var a Answer
	if err := decodeStrict([]byte(answerJSON), &a); err != nil {
		return mustJSON(Result{Question: questionID, Error: "quiz: reading the answer: " + err.Error()})
	}
	return mustJSON(Grade(questionID, a))
}

// ScoreJSON is Score for the browser runtime: it takes a JSON array of
// Responses and returns the Report as JSON. It never fails: a request that
// cannot be read comes back as a Report with Error set.
func ScoreJSON(responsesJSON string) string {
	var rs []Response
	if err := decodeStrict([]byte(responsesJSON), &rs); err != nil {
		return mustJSON(Report{Results: []Result{}, Cards: []Card{}, Error: "quiz: reading the responses: " + err.Error()})
	}
	return mustJSON(Score(rs))
}

// mustJSON marshals values that cannot fail to marshal (no channels, no
// functions, no NaN: numeric keys are checked to be finite when loaded).
func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf(`{"error":%q}`, "quiz: "+err.Error())
	}
	return string(b)
}

// NormalizeOutput makes program output comparable: line endings become \n,
// trailing spaces on each line and blank lines at either end are dropped.
func NormalizeOutput(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// CheckOutput checks an output question's answer key against what its
// program printed: the right choice must be the output, and no wrong choice
// may be. The native tests feed it the output of `go run`; a browser test
// can feed it the output of the same source run in the interpreter.
func (q Question) CheckOutput(stdout string) error {
	if q.Kind != Output {
		return fmt.Errorf("quiz: question %q is a %s question, not an output question", q.ID, q.Kind)
	}
	got := NormalizeOutput(stdout)
	for _, c := range q.Choices {
		text := NormalizeOutput(c.Text)
		switch {
		case c.Correct && text != got:
			return fmt.Errorf("quiz: question %q: the key (choice %q) says\n%s\nbut the program printed\n%s", q.ID, c.ID, text, got)
		case !c.Correct && text == got:
			return fmt.Errorf("quiz: question %q: wrong choice %q is what the program printed:\n%s", q.ID, c.ID, got)
		}
	}
	return nil
}
