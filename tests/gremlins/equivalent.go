package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// equivalent is one row of the list of equivalent mutants: a survivor that
// no test can kill because the mutated program behaves like the original,
// or a not-covered mutant in code that no input can reach.
type equivalent struct {
	Pkg      string // core/bucket
	Position string // bucket.go:207:19
	Type     string // CONDITIONALS_BOUNDARY
	Reason   string
	Line     int // line of the list, for messages
}

// equivalents is the list, keyed by package, position and mutation.
type equivalents map[string]equivalent

func equivalentKey(pkg, position, typ string) string {
	return pkg + " " + position + " " + typ
}

func (eq equivalents) has(m mutant) bool {
	_, ok := eq[equivalentKey(m.Pkg, m.Position(), m.Type)]
	return ok
}

// mutationTypes are the kinds gremlins v0.6.0 reports.
var mutationTypes = map[string]bool{
	"ARITHMETIC_BASE": true, "CONDITIONALS_BOUNDARY": true, "CONDITIONALS_NEGATION": true,
	"INCREMENT_DECREMENT": true, "INVERT_NEGATIVES": true, "INVERT_LOGICAL": true,
	"INVERT_LOOPCTRL": true, "INVERT_ASSIGNMENTS": true, "INVERT_BITWISE": true,
	"INVERT_BWASSIGN": true, "REMOVE_SELF_ASSIGNMENTS": true,
}

var positionPattern = regexp.MustCompile(`^[A-Za-z0-9_.]+\.go:[1-9][0-9]*:[1-9][0-9]*$`)

// parseEquivalents reads the Markdown table of equivalent mutants:
//
//	| package | position | mutation | why it is equivalent |
//	|---|---|---|---|
//	| core/bucket | bucket.go:207:19 | CONDITIONALS_BOUNDARY | ... |
//
// Lines that are not table rows are prose and ignored. A malformed row is
// an error that names its line.
func parseEquivalents(r io.Reader) (equivalents, error) {
	eq := equivalents{}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if len(cells) > 0 && (cells[0] == "package" || strings.HasPrefix(cells[0], "---")) {
			continue
		}
		if len(cells) != 4 {
			return nil, fmt.Errorf("equivalent mutants, line %d: want 4 cells (package | position | mutation | why), got %d", n, len(cells))
		}
		e := equivalent{Pkg: cells[0], Position: cells[1], Type: cells[2], Reason: cells[3], Line: n}
		switch {
		case !strings.HasPrefix(e.Pkg, "core/"):
			return nil, fmt.Errorf("equivalent mutants, line %d: package %q does not start with core/", n, e.Pkg)
		case !positionPattern.MatchString(e.Position):
			return nil, fmt.Errorf("equivalent mutants, line %d: position %q is not file.go:line:column", n, e.Position)
		case !mutationTypes[e.Type]:
			return nil, fmt.Errorf("equivalent mutants, line %d: unknown mutation %q", n, e.Type)
		case e.Reason == "":
			return nil, fmt.Errorf("equivalent mutants, line %d: no reason given", n)
		}
		key := equivalentKey(e.Pkg, e.Position, e.Type)
		if prev, dup := eq[key]; dup {
			return nil, fmt.Errorf("equivalent mutants, line %d: %s %s %s is already listed on line %d", n, e.Pkg, e.Position, e.Type, prev.Line)
		}
		eq[key] = e
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("equivalent mutants: %w", err)
	}
	return eq, nil
}

// stale returns the entries for the packages that were run that match no
// survivor: the mutant is killed now, or the code moved and the entry
// needs its new position.
func (eq equivalents) stale(run map[string][]mutant) []equivalent {
	var out []equivalent
	for _, e := range eq {
		ms, ran := run[e.Pkg]
		if !ran {
			continue
		}
		found := false
		for _, m := range ms {
			if (m.Status == statusLived || m.Status == statusNotCovered) && m.Position() == e.Position && m.Type == e.Type {
				found = true
				break
			}
		}
		if !found {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}
