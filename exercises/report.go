package exercises

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
