package exercises

import (
	"encoding/json"
)

// The page grades in three steps, each a plain call that the runtime can
// expose to JavaScript: Plan turns a submission into programs (or
// diagnostics), the page runs each program in a fresh worker run under its
// watchdog, and Exercise.ReportRuns turns the runs into a Report. The JSON
// forms (PlanJSON, ReportJSON, SiteJSON) take and return strings only, so
// that a bridge, or a program in the interpreter, can call them as they are.

// Plan is what the page needs to grade a submission.
type Plan struct {
	// Exercise is the exercise's slug.
	Exercise string `json:"exercise"`
	// Diagnostics, when not empty, are why no check can run; the page
	// shows them and runs nothing.
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
	// Runs holds one harness per check, in report order. Run each with
	// the learner's file as the source (rt.run(source, {harness})), one
	// at a time, each in a fresh run with the page's watchdog; if the
	// first one fails to compile, the others will too: stop there.
	Runs []PlannedRun `json:"runs,omitempty"`
	// TimeoutMs is the watchdog each run should get.
	TimeoutMs int `json:"timeoutMs"`
	// Seed seeds the checks' randomized cases.
	Seed uint64 `json:"seed"`
}

// PlannedRun is one check's harness.
type PlannedRun struct {
	Check   string `json:"check"`
	Harness string `json:"harness"`
}

// Plan validates src and returns the harnesses that check it, with their
// randomized cases seeded by seed (0: a fresh seed).
func (e *Exercise) Plan(src string, seed uint64) Plan {
	if seed == 0 {
		seed = NewSeed()
	}
	p := Plan{Exercise: e.Slug, TimeoutMs: int(PageTimeout.Milliseconds()), Seed: seed}
	if ds := e.Validate(src); len(ds) > 0 {
		p.Diagnostics = ds
		return p
	}
	for _, c := range e.Checks {
		h, err := e.Harness(c.Name, seed)
		if err != nil { // unreachable: the check exists
			p.Diagnostics = []Diagnostic{{Message: err.Error()}}
			p.Runs = nil
			return p
		}
		p.Runs = append(p.Runs, PlannedRun{Check: c.Name, Harness: h})
	}
	return p
}

// ReportRuns gathers the outputs of a plan's runs into a report. src is
// the submission the plan was made from; hints is as for NewReport.
func (e *Exercise) ReportRuns(src string, runs []RunOutput, hints map[string]int) Report {
	if ds := e.Validate(src); len(ds) > 0 {
		return ErrorReport(e, ds)
	}
	results := make([]CheckResult, 0, len(runs))
	for _, r := range runs {
		results = append(results, parseCheck(r.Check, r, true))
	}
	return NewReport(e, results, hints)
}

// PlanJSON is Plan for the exercise slug with a fresh seed, as JSON. An
// unknown slug gives {"error": "..."}.
func PlanJSON(slug, src string) string {
	return PlanSeedJSON(slug, src, 0)
}

// PlanSeedJSON is PlanJSON with the given seed (0: a fresh one), to
// repeat a grading.
func PlanSeedJSON(slug, src string, seed uint64) string {
	e, err := Get(slug)
	if err != nil {
		return errorJSON(err)
	}
	return marshal(e.Plan(src, seed))
}

// ReportJSON is ReportRuns for the exercise slug, with the runs and hints
// given as JSON ([{"check","stdout","error","verdict","input"}] and
// {"check-name": n}; hints may be empty). Malformed input gives
// {"error": "..."}.
func ReportJSON(slug, src, runsJSON, hintsJSON string) string {
	e, err := Get(slug)
	if err != nil {
		return errorJSON(err)
	}
	var runs []RunOutput
	if err := json.Unmarshal([]byte(runsJSON), &runs); err != nil {
		return errorJSON(err)
	}
	hints := map[string]int{}
	if hintsJSON != "" {
		if err := json.Unmarshal([]byte(hintsJSON), &hints); err != nil {
			return errorJSON(err)
		}
	}
	return marshal(e.ReportRuns(src, runs, hints))
}

// SiteExercise is what an exercise page shows before any grading: no
// solution (the site publishes it as a separate file) and no hints (they
// come with the report, one at a time).
type SiteExercise struct {
	Slug    string      `json:"slug"`
	Title   string      `json:"title"`
	Section string      `json:"section"`
	Prompt  string      `json:"prompt"`
	Starter string      `json:"starter"`
	Checks  []SiteCheck `json:"checks"`
}

// SiteCheck is a check as a page lists it.
type SiteCheck struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Hints int    `json:"hints"`
}

// SiteJSON returns every exercise as SiteExercise values, in course order,
// as JSON.
func SiteJSON() string {
	var out []SiteExercise
	for _, e := range catalogue {
		se := SiteExercise{Slug: e.Slug, Title: e.Title, Section: e.Section, Prompt: e.Prompt, Starter: e.Starter}
		for _, c := range e.Checks {
			se.Checks = append(se.Checks, SiteCheck{Name: c.Name, Title: c.Title, Hints: len(c.Hints)})
		}
		out = append(out, se)
	}
	return marshal(out)
}

func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err)
	}
	return string(b)
}

func errorJSON(err error) string {
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(b)
}
