package quiz

import (
	"encoding/json"
	"fmt"
	"strings"
)

// SiteSchema is the version of the bank JSON written by SiteJSON.
// It changes when a field the browser reads changes meaning.
const SiteSchema = 1

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
