package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// readEquivalent reads the list of equivalent mutants: the rows of the
// Markdown table in name, "| exercise | `mutant` | reason |", by exercise
// and mutant ID. A mutant is equivalent when no input the exercise allows
// can tell it from the solution; the reason says why.
func readEquivalent(name string) (map[string]map[string]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]map[string]string{}
	s := bufio.NewScanner(f)
	n := 0
	for s.Scan() {
		n++
		line := strings.TrimSpace(s.Text())
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| exercise") || strings.HasPrefix(line, "|---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) != 3 {
			return nil, fmt.Errorf("%s:%d: want | exercise | `mutant` | reason |, got %q", name, n, line)
		}
		slug := strings.TrimSpace(cells[0])
		id := codeSpan(cells[1])
		reason := strings.TrimSpace(cells[2])
		if reason == "" {
			return nil, fmt.Errorf("%s:%d: %s %s has no reason", name, n, slug, id)
		}
		if out[slug] == nil {
			out[slug] = map[string]string{}
		}
		out[slug][id] = reason
	}
	return out, s.Err()
}

// codeSpan returns the text of a Markdown code span, `x` or “ x “ (the
// second form holds backticks), with table pipes unescaped.
func codeSpan(cell string) string {
	cell = strings.TrimSpace(cell)
	if strings.HasPrefix(cell, "``") {
		cell = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(cell, "``"), "``"))
	} else {
		cell = strings.Trim(cell, "`")
	}
	return strings.ReplaceAll(cell, `\|`, "|")
}
