package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
)

// Gremlins' status names, as its JSON output spells them.
const (
	statusKilled     = "KILLED"
	statusLived      = "LIVED"
	statusNotCovered = "NOT COVERED"
	statusTimedOut   = "TIMED OUT"
	statusNotViable  = "NOT VIABLE"
)

// mutant is one mutation gremlins tried: where, which kind and what became
// of it. File is relative to the repository root (core/bucket/bucket.go).
type mutant struct {
	Pkg    string
	File   string
	Line   int
	Column int
	Type   string
	Status string
}

// Position is file:line:column, the form the equivalent list uses.
func (m mutant) Position() string {
	return fmt.Sprintf("%s:%d:%d", path.Base(m.File), m.Line, m.Column)
}

// gremlinsOutput is the part of gremlins' -o JSON file that is read: each
// mutation with its status. The totals are recomputed from it.
type gremlinsOutput struct {
	Files []struct {
		Filename  string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}

// parseOutput reads gremlins' JSON for the package in the folder dir
// (relative to the repository root, as core/bucket).
func parseOutput(r io.Reader, dir string) ([]mutant, error) {
	var out gremlinsOutput
	if err := json.NewDecoder(r).Decode(&out); err != nil {
		return nil, fmt.Errorf("gremlins output for %s: %w", dir, err)
	}
	var ms []mutant
	for _, f := range out.Files {
		for _, m := range f.Mutations {
			ms = append(ms, mutant{
				Pkg:    dir,
				File:   path.Join(dir, f.Filename),
				Line:   m.Line,
				Column: m.Column,
				Type:   m.Type,
				Status: m.Status,
			})
		}
	}
	sortMutants(ms)
	return ms, nil
}

func sortMutants(ms []mutant) {
	sort.Slice(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Type < b.Type
	})
}

// tally is one package's row of the table.
type tally struct {
	Pkg        string
	Total      int
	Killed     int
	Lived      int // survivors not listed as equivalent
	Equivalent int // survivors and not-covered mutants listed as equivalent
	// GremlinsLived is every survivor, listed or not, as gremlins counts.
	GremlinsLived int
	NotCovered    int // in code the package's tests never run
	NoBlock       int // outside every coverage block: gremlins cannot run them
	TimedOut      int
	NotViable     int
}

// Efficacy is killed / (killed + lived), in percent, with the survivors
// listed as equivalent left out; 100 when nothing was run.
func (t tally) Efficacy() float64 {
	if t.Killed+t.Lived == 0 {
		return 100
	}
	return 100 * float64(t.Killed) / float64(t.Killed+t.Lived)
}

// RawEfficacy is gremlins' own figure: every survivor counts.
func (t tally) RawEfficacy() float64 {
	n := t.Killed + t.GremlinsLived
	if n == 0 {
		return 100
	}
	return 100 * float64(t.Killed) / float64(n)
}

// count tallies one package's mutants; a survivor or a not-covered mutant
// that eq lists counts as equivalent instead.
func count(pkg string, ms []mutant, eq equivalents) tally {
	t := tally{Pkg: pkg, Total: len(ms)}
	for _, m := range ms {
		switch m.Status {
		case statusKilled:
			t.Killed++
		case statusLived:
			t.GremlinsLived++
			if eq.has(m) {
				t.Equivalent++
			} else {
				t.Lived++
			}
		case statusNotCovered:
			if eq.has(m) {
				t.Equivalent++
			} else {
				t.NotCovered++
			}
		case statusNoBlock:
			t.NoBlock++
		case statusTimedOut:
			t.TimedOut++
		case statusNotViable:
			t.NotViable++
		}
	}
	return t
}

// writeTable prints one row per package and a line that names the target.
func writeTable(w io.Writer, rows []tally, target float64) {
	fmt.Fprintf(w, "%-22s %7s %6s %5s %5s %11s %8s %9s %10s %9s %8s\n",
		"package", "mutants", "killed", "lived", "equiv", "not covered", "no block", "timed out", "not viable", "efficacy", "gremlins")
	for _, t := range rows {
		mark := ""
		if t.Efficacy() < target {
			mark = fmt.Sprintf("  below %.0f%%", target)
		}
		fmt.Fprintf(w, "%-22s %7d %6d %5d %5d %11d %8d %9d %10d %8.1f%% %7.1f%%%s\n",
			t.Pkg, t.Total, t.Killed, t.Lived, t.Equivalent, t.NotCovered, t.NoBlock, t.TimedOut, t.NotViable,
			t.Efficacy(), t.RawEfficacy(), mark)
	}
	fmt.Fprintln(w, "efficacy = killed / (killed + lived), survivors listed as equivalent left out;")
	fmt.Fprintln(w, "gremlins = killed / (killed + every survivor), gremlins' own figure.")
	fmt.Fprintln(w, "not covered: in code the package's own tests never run; no block: in a case expression or a")
	fmt.Fprintln(w, "package-level declaration, where a coverage profile has no block, so gremlins never runs them.")
}

// writeList prints the mutants with the given status that eq does not
// list, each with its source line (lines reads a file of the repository).
func writeList(w io.Writer, title, status string, ms []mutant, eq equivalents, lines func(file string, n int) string) {
	var picked []mutant
	for _, m := range ms {
		if m.Status == status && !eq.has(m) {
			picked = append(picked, m)
		}
	}
	if len(picked) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s (%d):\n", title, len(picked))
	for _, m := range picked {
		fmt.Fprintf(w, "  %s:%d:%d %-22s %s\n", m.File, m.Line, m.Column, m.Type,
			strings.TrimSpace(lines(m.File, m.Line)))
	}
}
