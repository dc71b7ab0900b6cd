package exercises

import (
	"encoding/json"
	"fmt"
	"strings"
)

// RunError is how a program run ended when it did not end normally, in the
// shape of the runtime's RunResult.error (wasm/BRIDGE.md) plus the kinds the
// host adds: "compile", "import", "runtime", "panic", "exit", "internal",
// "timeout", "stopped" or "crash". Line and Column are positions in the
// program, 0 when unknown.
type RunError struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

func (e *RunError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s error at line %d:%d: %s", e.Kind, e.Line, e.Column, e.Message)
	}
	return e.Kind + ": " + e.Message
}

// Statuses of a check and of a whole report, as Exercism's results.json
// spells them.
const (
	StatusPass  = "pass"
	StatusFail  = "fail"
	StatusError = "error"
)

// CheckResult is what one check found.
type CheckResult struct {
	// Name is the check's name.
	Name string `json:"name"`
	// Status is StatusPass, StatusFail (the code ran and gave a wrong
	// answer) or StatusError (it panicked, timed out or did not compile).
	Status string `json:"status"`
	// Message says what went wrong; empty when the check passed.
	Message string `json:"message,omitempty"`
	// Input is what the check did, Expected and Got what should have come
	// back and what did.
	Input    string `json:"input,omitempty"`
	Expected string `json:"expected,omitempty"`
	Got      string `json:"got,omitempty"`
	// Output is what the learner's code printed during the check.
	Output string `json:"output,omitempty"`
	// Line is the line of the learner's file an error points at, or 0.
	Line int `json:"line,omitempty"`
	// Compile reports that the program did not compile, so no check of the
	// exercise can run until the learner fixes it.
	Compile bool `json:"compile,omitempty"`
}

// Passed reports whether the check passed.
func (r CheckResult) Passed() bool { return r.Status == StatusPass }

const (
	checkMarker = "@@check "
	inputMarker = "@@input "
)

// ParseCheck turns the output of the program that ran check name (see
// Program) and the error it ended with, if any, into a result. learnerLines
// is Lines of the learner's file: an error beyond it lies in the checks.
//
// The program's last @@check line decides when the run ended normally. A
// run that ended in an error fails the check whatever it printed: a
// timeout, a panic or a crash is reported with the input the check was
// running (its last @@input line).
func ParseCheck(name, stdout string, runErr *RunError, learnerLines int) CheckResult {
	res := CheckResult{Name: name}
	var verdict, input string
	var out []string
	for _, line := range strings.SplitAfter(stdout, "\n") {
		switch {
		case strings.HasPrefix(line, checkMarker):
			verdict = strings.TrimSpace(strings.TrimPrefix(line, checkMarker))
		case strings.HasPrefix(line, inputMarker):
			_ = json.Unmarshal([]byte(strings.TrimSpace(strings.TrimPrefix(line, inputMarker))), &input)
		default:
			out = append(out, line)
		}
	}
	res.Output = strings.Join(out, "")
	if runErr != nil {
		res.Status = StatusError
		res.Input = input
		res.Message = describeRunError(runErr, learnerLines)
		if runErr.Line > 0 && runErr.Line <= learnerLines {
			res.Line = runErr.Line
		}
		res.Compile = runErr.Kind == "compile" || runErr.Kind == "import"
		return res
	}
	if verdict == "" {
		res.Status = StatusError
		res.Input = input
		res.Message = "the check ended without reporting a result"
		return res
	}
	var v struct {
		Name     string `json:"name"`
		Pass     bool   `json:"pass"`
		Message  string `json:"message"`
		Input    string `json:"input"`
		Expected string `json:"expected"`
		Got      string `json:"got"`
	}
	if err := json.Unmarshal([]byte(verdict), &v); err != nil || v.Name != name {
		res.Status = StatusError
		res.Message = "the check's result could not be read: " + verdict
		return res
	}
	if v.Pass {
		res.Status = StatusPass
		return res
	}
	res.Status = StatusFail
	res.Message, res.Input, res.Expected, res.Got = v.Message, v.Input, v.Expected, v.Got
	return res
}

func describeRunError(e *RunError, learnerLines int) string {
	inLearner := e.Line > 0 && e.Line <= learnerLines
	at := ""
	if inLearner {
		// Interpreters locate a panic by its function more reliably than
		// by its statement.
		at = fmt.Sprintf(" near line %d", e.Line)
	}
	switch e.Kind {
	case "timeout":
		return "timed out: the code did not finish (an endless loop, or a wait that never ends?)"
	case "stopped":
		return "stopped before it finished"
	case "panic":
		return "your code panicked" + at + ": " + strings.TrimPrefix(e.Message, "panic: ")
	case "crash":
		msg := "the run crashed" + at + ": " + e.Message
		if strings.Contains(e.Message, "stack") {
			msg += " (a recursion that never stops?)"
		}
		return msg
	case "compile", "import":
		if inLearner {
			return fmt.Sprintf("does not compile: line %d:%d: %s", e.Line, e.Column, e.Message)
		}
		if e.Line > learnerLines {
			return "your code does not fit the checks (a type or signature differs from the starter's): " + e.Message
		}
		return "does not compile: " + e.Message
	}
	return e.Kind + " error" + at + ": " + e.Message
}
