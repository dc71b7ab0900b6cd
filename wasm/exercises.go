//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/quiz"
)

// The grader's methods on flakylab.core. They call the exercise and quiz
// graders compiled into the runtime (not interpreted), so a page reaches
// them with the host's rt.core(method, ...args) like any widget. The
// answers are not in this build: package exercises leaves its solutions
// out of GOOS=js builds.
//
//	gradePlan(slug, source, seed?)           exercises.PlanSeedJSON, parsed
//	gradeReport(slug, source, runs, hints?)  exercises.ReportJSON, parsed
//	quizScore(responses)                     quiz.ScoreJSON, parsed
//	quizGrade(questionID, answer)            quiz.GradeJSON, parsed
//	exerciseCards(slug, source, report)      review cards for the report's failed checks
//
// runs, hints, responses and answer may be given as values or as JSON text.
var graderMethods = map[string]func(args []safejs.Value) (any, *bridgeError){
	"gradePlan":   gradePlan,
	"gradeReport": gradeReport,
	"quizScore":   quizScore,
	"quizGrade":   quizGrade,

	"exerciseCards": exerciseCards,
}

// graderMaxText bounds every text argument of a grader method.
const graderMaxText = 4 << 20

// installGrader adds the grader's methods to the core object and appends
// their functions to funcs, so that they are released with the namespace.
func installGrader(core safejs.Value, funcs *[]safejs.Func) error {
	for name, work := range graderMethods {
		f, err := syncFunc("core."+name, work)
		if err != nil {
			return err
		}
		*funcs = append(*funcs, f)
		if err := core.Set(name, f); err != nil {
			return err
		}
	}
	return nil
}

func gradePlan(args []safejs.Value) (any, *bridgeError) {
	slug, berr := graderString(args, 0, "gradePlan", "the exercise's slug")
	if berr != nil {
		return nil, berr
	}
	src, berr := graderString(args, 1, "gradePlan", "the source")
	if berr != nil {
		return nil, berr
	}
	var seed uint64
	if len(args) > 2 && present(args[2]) {
		n, ok := integer(args[2], 1, 1<<53)
		if !ok {
			return nil, badRequest("core.gradePlan: argument 3 (the seed) must be a whole number from 1 to 2^53, not %s", describe(args[2]))
		}
		seed = uint64(n)
	}
	if _, err := exercises.Get(slug); err != nil {
		return nil, &bridgeError{Code: codeNotFound, Message: "core.gradePlan: " + err.Error()}
	}
	return graderResult("gradePlan", exercises.PlanSeedJSON(slug, src, seed))
}

func gradeReport(args []safejs.Value) (any, *bridgeError) {
	slug, berr := graderString(args, 0, "gradeReport", "the exercise's slug")
	if berr != nil {
		return nil, berr
	}
	src, berr := graderString(args, 1, "gradeReport", "the source")
	if berr != nil {
		return nil, berr
	}
	runs, berr := graderJSON(args, 2, "gradeReport", "the runs", false)
	if berr != nil {
		return nil, berr
	}
	hints, berr := graderJSON(args, 3, "gradeReport", "the hints", true)
	if berr != nil {
		return nil, berr
	}
	if _, err := exercises.Get(slug); err != nil {
		return nil, &bridgeError{Code: codeNotFound, Message: "core.gradeReport: " + err.Error()}
	}
	return graderResult("gradeReport", exercises.ReportJSON(slug, src, runs, hints))
}

func quizScore(args []safejs.Value) (any, *bridgeError) {
	responses, berr := graderJSON(args, 0, "quizScore", "the responses", false)
	if berr != nil {
		return nil, berr
	}
	return graderResult("quizScore", quiz.ScoreJSON(responses))
}

func quizGrade(args []safejs.Value) (any, *bridgeError) {
	id, berr := graderString(args, 0, "quizGrade", "the question's id")
	if berr != nil {
		return nil, berr
	}
	answer, berr := graderJSON(args, 1, "quizGrade", "the answer", false)
	if berr != nil {
		return nil, berr
	}
	return graderResult("quizGrade", quiz.GradeJSON(id, answer))
}

// exerciseCards returns the review cards for the checks a report says
// failed: each check's card from the quiz bank (checks that share an idea
// share one card), in the section of the exercise's lesson. A report of
// the unedited starter gets none: its failures say nothing about the
// learner. The page adds the cards to its review queue as they are.
func exerciseCards(args []safejs.Value) (any, *bridgeError) {
	slug, berr := graderString(args, 0, "exerciseCards", "the exercise's slug")
	if berr != nil {
		return nil, berr
	}
	src, berr := graderString(args, 1, "exerciseCards", "the source")
	if berr != nil {
		return nil, berr
	}
	text, berr := graderJSON(args, 2, "exerciseCards", "the report", false)
	if berr != nil {
		return nil, berr
	}
	e, err := exercises.Get(slug)
	if err != nil {
		return nil, &bridgeError{Code: codeNotFound, Message: "core.exerciseCards: " + err.Error()}
	}
	var report struct {
		Checks []struct {
			Name   string `json:"name"`
			Title  string `json:"title"`
			Status string `json:"status"`
			Input  string `json:"input"`
		} `json:"checks"`
	}
	if err := json.Unmarshal([]byte(text), &report); err != nil {
		return nil, badRequest("core.exerciseCards: the report: %v", err)
	}
	bank, err := quiz.Default()
	if err != nil {
		return nil, &bridgeError{Code: codeInternal, Message: "core.exerciseCards: " + err.Error()}
	}
	cards := []quiz.Card{}
	if !e.IsStarter(src) {
		section := ""
		num, _, _ := strings.Cut(e.Section, ".")
		if n, err := strconv.Atoi(strings.TrimSpace(num)); err == nil {
			if s, ok := bank.SectionNumbered(n); ok {
				section = s.ID
			}
		}
		var failed []quiz.FailedCheck
		for _, c := range report.Checks {
			if c.Status != exercises.StatusPass {
				failed = append(failed, quiz.FailedCheck{
					Exercise: e.Slug, Title: e.Title, Section: section,
					Check: c.Name, Idea: c.Title, Input: c.Input,
				})
			}
		}
		cards = bank.CardsForChecks(failed)
	}
	out, err := json.Marshal(cards)
	if err != nil {
		return nil, &bridgeError{Code: codeInternal, Message: "core.exerciseCards: " + err.Error()}
	}
	return graderResult("exerciseCards", string(out))
}

// graderString reads argument i, which must be a string.
func graderString(args []safejs.Value, i int, method, what string) (string, *bridgeError) {
	if i >= len(args) || typeOf(args[i]) != safejs.TypeString {
		got := "nothing"
		if i < len(args) {
			got = describe(args[i])
		}
		return "", badRequest("core.%s: argument %d (%s) must be a string, not %s", method, i+1, what, got)
	}
	if n, err := stringLength(args[i]); err != nil || n > graderMaxText {
		return "", &bridgeError{Code: codeTooLarge, Message: fmt.Sprintf("core.%s: %s is longer than %d characters", method, what, graderMaxText)}
	}
	s, err := args[i].String()
	if err != nil {
		return "", badRequest("core.%s: %s: %v", method, what, err)
	}
	return s, nil
}

// graderJSON reads argument i as JSON text: a string is taken as it is,
// any other value is written with JSON.stringify. An optional argument
// that is missing, undefined or null is "".
func graderJSON(args []safejs.Value, i int, method, what string, optional bool) (string, *bridgeError) {
	if i < len(args) && typeOf(args[i]) == safejs.TypeString {
		return graderString(args, i, method, what)
	}
	if i >= len(args) || args[i].IsUndefined() || args[i].IsNull() {
		if optional {
			return "", nil
		}
		return "", badRequest("core.%s: argument %d (%s) is missing", method, i+1, what)
	}
	if typeOf(args[i]) != safejs.TypeObject {
		return "", badRequest("core.%s: argument %d (%s) must be an object, an array or JSON text, not %s", method, i+1, what, describe(args[i]))
	}
	j, err := safejs.Global().Get("JSON")
	if err != nil {
		return "", &bridgeError{Code: codeInternal, Message: err.Error()}
	}
	text, err := j.Call("stringify", args[i])
	if err != nil || typeOf(text) != safejs.TypeString {
		return "", badRequest("core.%s: %s cannot be written as JSON", method, what)
	}
	return graderString([]safejs.Value{text}, 0, method, what)
}

// graderResult turns a grader's JSON answer into a JavaScript value, or a
// rejection when the answer is {"error": "..."}.
func graderResult(method, text string) (any, *bridgeError) {
	var probe struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal([]byte(text), &probe); err == nil && probe.Error != "" {
		return nil, badRequest("core.%s: %s", method, probe.Error)
	}
	j, err := safejs.Global().Get("JSON")
	if err != nil {
		return nil, &bridgeError{Code: codeInternal, Message: err.Error()}
	}
	v, err := j.Call("parse", text)
	if err != nil {
		return nil, &bridgeError{Code: codeInternal, Message: fmt.Sprintf("core.%s: the grader's answer is not JSON", method)}
	}
	return v, nil
}
