package exercises

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ReportText and ResultsJSON serve the command line (cmd/check). They are
// functions, not methods of Report, so that the browser runtime, which
// reports through ReportJSON, links neither: the linker keeps every exported
// method of a type the interpreter could reach (about 17 kB of code and
// 5 kB of the runtime's brotli size for these two), not unused functions.

// ReportText renders a report for a terminal.
func ReportText(r Report) string {
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

// ResultsJSON renders a report in the shape of Exercism's test-runner
// results.json, version 2: {"version":2,"status":..,"message":..,"tests":
// [{"name","status","message","output"}]}. Message is set at the top only
// when the status is "error"; a test's message gathers its problem, input,
// expected and got, and the hints revealed.
func ResultsJSON(r Report) []byte {
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
