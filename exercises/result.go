package exercises

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RunError is how a program run ended when it did not end normally, in the
// shape of the runtime's RunResult.error (wasm/BRIDGE.md) plus the kinds the
// host adds: "compile", "unsupported", "import", "runtime", "panic", "exit", "internal",
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
	// Line and Column are where in the learner's file an error points, or
	// 0.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Compile reports that the program did not compile, so no check of the
	// exercise can run until the learner fixes it.
	Compile bool `json:"compile,omitempty"`
	// Mistake names the mistake the check recognized, if it did: the
	// report then opens with that mistake's hint.
	Mistake string `json:"mistake,omitempty"`
	// Seed seeded the check's randomized cases (0 when unknown).
	Seed uint64 `json:"seed,omitempty"`
}

// Passed reports whether the check passed.
func (r CheckResult) Passed() bool { return r.Status == StatusPass }

// RunOutput is what one check's run produced, in the shape of the
// runtime's RunResult (wasm/BRIDGE.md) for a graded run, with the check's
// name added: what the learner's code printed, how the run ended, and what
// the checks reported through the grading channel.
type RunOutput struct {
	Check  string    `json:"check"`
	Stdout string    `json:"stdout"`
	Error  *RunError `json:"error"`
	// Verdict is the check's result as the harness reported it (a JSON
	// object), empty if it never did.
	Verdict string `json:"verdict"`
	// Input is what the check announced it was about to do last.
	Input string `json:"input"`
}

// maxShownOutput bounds the learner's output a result carries.
const maxShownOutput = 4 << 10

// verdictLook is what the old verdict lines on standard output started
// with; output that contains it imitates a verdict.
const verdictLook = "@@check"

// ParseCheck turns the run of check name into a result. learnerLines is
// the learner's file's line count. A run that ended in an error fails the
// check whatever was reported: a timeout, a panic or a crash is reported
// with the input the check was on. A run that ended normally is judged by
// its verdict alone, which the learner's code cannot write; output that
// imitates one is an error, and output is never taken for a verdict.
func ParseCheck(name string, out RunOutput) CheckResult {
	return parseCheck(name, out, false)
}

// parseCheck is ParseCheck; inPage says the run happened in the page,
// whose stack is the browser's.
func parseCheck(name string, out RunOutput, inPage bool) CheckResult {
	res := CheckResult{Name: name, Output: clipOutput(out.Stdout)}
	if runErr := out.Error; runErr != nil {
		res.Status = StatusError
		res.Input = out.Input
		res.Message = describeRunError(runErr, inPage)
		if runErr.Line > 0 && !inChecks(runErr) {
			res.Line, res.Column = runErr.Line, runErr.Column
		}
		res.Compile = runErr.Kind == "compile" || runErr.Kind == "unsupported" || runErr.Kind == "import"
		if res.Compile && res.Line > 0 {
			// The report shows it as a diagnostic, which gives the place.
			res.Message = runErr.Message
		}
		return res
	}
	if strings.Contains(out.Stdout, verdictLook) {
		res.Status = StatusError
		res.Message = "your code printed " + strconv.Quote(verdictLook) + ", which imitates the grader's verdict: " +
			"a check's result never travels on the output, so remove that print"
		return res
	}
	if out.Verdict == "" {
		res.Status = StatusError
		res.Input = out.Input
		res.Message = "the check ended without reporting a result: did your code end the program (os.Exit) while the check ran?"
		return res
	}
	var v struct {
		Name     string `json:"name"`
		Pass     bool   `json:"pass"`
		Message  string `json:"message"`
		Input    string `json:"input"`
		Expected string `json:"expected"`
		Got      string `json:"got"`
		Mistake  string `json:"mistake"`
		Seed     uint64 `json:"seed"`
	}
	if err := json.Unmarshal([]byte(out.Verdict), &v); err != nil || v.Name != name {
		res.Status = StatusError
		res.Message = "internal error: the check's result could not be read"
		return res
	}
	res.Seed = v.Seed
	if v.Pass {
		res.Status = StatusPass
		return res
	}
	res.Status = StatusFail
	res.Message, res.Input, res.Expected, res.Got, res.Mistake = v.Message, v.Input, v.Expected, v.Got, v.Mistake
	return res
}

// clipOutput keeps the start of a long output.
func clipOutput(s string) string {
	if len(s) <= maxShownOutput {
		return s
	}
	cut := maxShownOutput
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n[... %d more bytes not shown]\n", len(s)-cut)
}

// inChecks reports whether an error lies in the checks rather than the
// learner's code: the sandbox prefixes those with the harness's file name.
func inChecks(e *RunError) bool {
	return strings.HasPrefix(e.Message, checksFile+":")
}

// checksFile is the name the sandbox gives the checks' file
// (sandbox.HarnessName).
const checksFile = "checks.go"

func describeRunError(e *RunError, inPage bool) string {
	at := ""
	if e.Line > 0 {
		at = fmt.Sprintf(" at line %d", e.Line)
	}
	switch e.Kind {
	case "timeout":
		return "timed out: the code did not finish (an endless loop, or a wait that never ends?)"
	case "stopped":
		return "stopped before it finished"
	case "runtime":
		if strings.HasSuffix(e.Message, "deadlock!") {
			return "your code blocked forever: every goroutine waits on a channel or a lock that nothing will release" + at + " (" + e.Message + ")"
		}
	case "panic":
		return "your code panicked" + at + ": " + strings.TrimPrefix(e.Message, "panic: ")
	case "crash":
		const deep = " (a recursion that never stops, or one as deep as its input; a loop needs no stack)"
		if inPage && (strings.Contains(e.Message, "stack") || strings.Contains(e.Message, "too much recursion")) {
			// The host's own words guess at the cause too: say it once.
			return "the page's stack is limited, and your code went deeper than it allows" + at + deep
		}
		if strings.Contains(e.Message, "stack") {
			return "your code ran out of stack" + at + deep + ": " + e.Message
		}
		if strings.Contains(e.Message, "out of memory") {
			return "your code used too much memory" + at + ": " + e.Message
		}
		return "the run crashed" + at + ": " + e.Message
	case "unsupported":
		// Valid Go that the playground refuses: the message names it
		// ("... is not supported by the playground"), or a limit.
		msg := e.Message
		if !strings.Contains(msg, "not supported by the playground") {
			msg = "not supported by the playground: " + msg
		}
		if e.Line > 0 {
			return fmt.Sprintf("line %d:%d: %s", e.Line, e.Column, msg)
		}
		return msg
	case "compile", "import":
		if inChecks(e) {
			return "your code does not fit the checks (a type or signature differs from the starter's): " +
				strings.TrimPrefix(e.Message, checksFile+":")
		}
		if e.Line > 0 {
			return fmt.Sprintf("does not compile: line %d:%d: %s", e.Line, e.Column, e.Message)
		}
		return "does not compile: " + e.Message
	}
	return e.Kind + " error" + at + ": " + e.Message
}
