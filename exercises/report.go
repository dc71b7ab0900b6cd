package exercises

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Report is the graded outcome of one submission.
type Report struct {
	// Exercise is the exercise's slug.
	Exercise string `json:"exercise"`
	// Status is StatusPass when every check passed, StatusError when the
	// file could not be graded (Diagnostics say why), else StatusFail.
	Status string `json:"status"`
	// Diagnostics are the problems that kept the checks from running: a
	// syntax or compile error, a missing function or a wrong signature.
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
	// Checks holds one entry per check, in the exercise's order; empty
	// when Status is StatusError.
	Checks []CheckReport `json:"checks,omitempty"`
	// Passed and Total count the checks; Score is Passed as a whole
	// percentage of Total.
	Passed int `json:"passed"`
	Total  int `json:"total"`
	Score  int `json:"score"`
	// Seed seeded the checks' randomized cases: grading the same file
	// with the same seed (the command's -seed) repeats them. 0 when
	// unknown.
	Seed uint64 `json:"seed,omitempty"`
}

// CheckReport is a check's result with its title and the hints revealed
// so far.
type CheckReport struct {
	CheckResult
	// Title says what the check verifies.
	Title string `json:"title"`
	// Hints are the hints revealed so far: none for a passing check, at
	// least the first for a failing one.
	Hints []string `json:"hints,omitempty"`
	// MoreHints reports that further hints can be revealed.
	MoreHints bool `json:"moreHints,omitempty"`
}

// notRun is the message of a check that has no result.
const notRun = "the check did not run"

// NewReport gathers the results of an exercise's checks into a report.
// Results may come in any order; a check without a result counts as an
// error. hints maps a check's name to how many extra hints the learner has
// asked for (0 or absent: the first hint only); a page raises it one step
// per click. If any result says the program did not compile, the report is
// an error carrying that diagnostic.
func NewReport(e *Exercise, results []CheckResult, hints map[string]int) Report {
	r := Report{Exercise: e.Slug, Total: len(e.Checks)}
	byName := map[string]CheckResult{}
	for _, res := range results {
		if res.Compile {
			r.Status = StatusError
			r.Diagnostics = []Diagnostic{{Line: res.Line, Column: res.Column, Message: res.Message}}
			return r
		}
		byName[res.Name] = res
	}
	for _, c := range e.Checks {
		res, ok := byName[c.Name]
		if !ok {
			res = CheckResult{Name: c.Name, Status: StatusError, Message: notRun}
		}
		if res.Seed != 0 {
			r.Seed = res.Seed
		}
		cr := CheckReport{CheckResult: res, Title: c.Title}
		if res.Passed() {
			r.Passed++
		} else if all := e.hintsFor(c, res.Mistake); len(all) > 0 {
			n := 1 + hints[c.Name]
			if n > len(all) {
				n = len(all)
			}
			cr.Hints = all[:n:n]
			cr.MoreHints = n < len(all)
		}
		r.Checks = append(r.Checks, cr)
	}
	r.Status = StatusFail
	if r.Passed == r.Total {
		r.Status = StatusPass
	}
	if r.Total > 0 {
		r.Score = r.Passed * 100 / r.Total
	}
	return r
}

// hintsFor returns check c's hints in the order a learner who made
// mistake should see them: the hint for that mistake first, if the
// exercise has one, then the check's own.
func (e *Exercise) hintsFor(c Check, mistake string) []string {
	first, ok := e.Mistakes[mistake]
	if !ok {
		return c.Hints
	}
	out := []string{first}
	for _, h := range c.Hints {
		if h != first {
			out = append(out, h)
		}
	}
	return out
}

// ErrorReport is the report for a file that could not be graded.
func ErrorReport(e *Exercise, ds []Diagnostic) Report {
	return Report{Exercise: e.Slug, Status: StatusError, Diagnostics: ds, Total: len(e.Checks)}
}

// Text renders the report for a terminal.
func (r Report) Text() string {
	var b strings.Builder
	if r.Status == StatusError {
		fmt.Fprintf(&b, "%s: the checks could not run\n\n", r.Exercise)
		for _, d := range r.Diagnostics {
			b.WriteString(indent(d.String(), "  ") + "\n")
		}
		return b.String()
	}
	fmt.Fprintf(&b, "%s: %d of %d checks pass (score %d%%)\n", r.Exercise, r.Passed, r.Total, r.Score)
	if r.Seed != 0 {
		fmt.Fprintf(&b, "randomized cases seeded with %d (-seed %d repeats them)\n", r.Seed, r.Seed)
	}
	for _, c := range r.Checks {
		fmt.Fprintf(&b, "\n%-5s %s\n", strings.ToUpper(c.Status), c.Name)
		if c.Passed() {
			continue
		}
		fmt.Fprintf(&b, "      checks:   %s\n", c.Title)
		fmt.Fprintf(&b, "      problem:  %s\n", indent(c.Message, "                "))
		for _, f := range [][2]string{{"input", c.Input}, {"expected", c.Expected}, {"got", c.Got}} {
			if f[1] != "" {
				fmt.Fprintf(&b, "      %-9s %s\n", f[0]+":", indent(f[1], "                "))
			}
		}
		if c.Output != "" {
			fmt.Fprintf(&b, "      output:   %s\n", indent(strings.TrimRight(c.Output, "\n"), "                "))
		}
		for _, h := range c.Hints {
			fmt.Fprintf(&b, "      hint:     %s\n", h)
		}
	}
	return b.String()
}

func indent(s, pad string) string {
	return strings.ReplaceAll(s, "\n", "\n"+pad)
}

// ResultsJSON renders the report in the shape of Exercism's test-runner
// results.json, version 2: {"version":2,"status":..,"message":..,"tests":
// [{"name","status","message","output"}]}. Message is set at the top only
// when the status is "error"; a test's message gathers its problem, input,
// expected and got, and the hints revealed.
func (r Report) ResultsJSON() []byte {
	type test struct {
		Name    string  `json:"name"`
		Status  string  `json:"status"`
		Message *string `json:"message"`
		Output  *string `json:"output"`
	}
	out := struct {
		Version int    `json:"version"`
		Status  string `json:"status"`
		Message string `json:"message,omitempty"`
		Tests   []test `json:"tests"`
	}{Version: 2, Status: r.Status, Tests: []test{}}
	if r.Status == StatusError {
		parts := make([]string, len(r.Diagnostics))
		for i, d := range r.Diagnostics {
			parts[i] = d.String()
		}
		out.Message = strings.Join(parts, "\n")
	}
	for _, c := range r.Checks {
		t := test{Name: c.Name, Status: c.Status}
		if !c.Passed() {
			var m strings.Builder
			m.WriteString(c.Message)
			for _, f := range [][2]string{{"input", c.Input}, {"expected", c.Expected}, {"got", c.Got}} {
				if f[1] != "" {
					fmt.Fprintf(&m, "\n%s: %s", f[0], f[1])
				}
			}
			for _, h := range c.Hints {
				fmt.Fprintf(&m, "\nhint: %s", h)
			}
			s := m.String()
			t.Message = &s
		}
		if c.Output != "" {
			o := c.Output
			t.Output = &o
		}
		out.Tests = append(out.Tests, t)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		panic(err) // plain strings and ints always marshal
	}
	return append(b, '\n')
}
