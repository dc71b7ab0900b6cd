package matrix

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/flakylab/flakylab/sandbox"
)

// Class is what the playground made of a case.
type Class string

// The classes of a case.
const (
	Pass    Class = "pass"    // printed what go run prints, with its exit code
	Refused Class = "refused" // refused before running, "not supported by the playground", at a line of the program
	Wrong   Class = "WRONG"   // anything else: other output, a false error, an internal failure
)

// Outcome is one case's class and, when it is not a pass, what happened.
type Outcome struct {
	Case   Case
	Class  Class
	Detail string
}

// Classify runs one case through the playground's engine and compares it
// with what go run printed.
func Classify(c Case, want Want) Outcome {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res := sandbox.Run(ctx, c.Source(), sandbox.Options{})
	if res.Err != nil && res.Err.Kind == sandbox.KindUnsupported && strings.Contains(res.Err.Message, "not supported by the playground") {
		if lines := strings.Count(c.Source(), "\n"); res.Err.Line >= 1 && res.Err.Line <= lines {
			return Outcome{Case: c, Class: Refused, Detail: res.Err.Error()}
		}
	}
	got := Normalize(res.Stdout)
	if got == want.Stdout && res.ExitCode == want.Exit && (res.Err == nil) == (want.Exit == 0) {
		return Outcome{Case: c, Class: Pass}
	}
	detail := fmt.Sprintf("want (go run, exit %d):\n%s\ngot (playground, exit %d):\n%s", want.Exit, want.Stdout, res.ExitCode, got)
	if res.Err != nil {
		detail += "\nerror: " + res.Err.Error()
	}
	return Outcome{Case: c, Class: Wrong, Detail: detail}
}

// ClassifyAll classifies the cases, a few at a time.
func ClassifyAll(cases []Case, golden map[string]Want) []Outcome {
	out := make([]Outcome, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(2, runtime.NumCPU()))
	for i, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i] = Classify(c, golden[c.Name])
		}()
	}
	wg.Wait()
	return out
}

// Table counts the outcomes by class, in total and by the part of the
// case name at index part (0 kind, 1 holder, 2 use).
func Table(outcomes []Outcome, part int) string {
	type row struct{ pass, refused, wrong int }
	rows := map[string]*row{}
	var total row
	for _, o := range outcomes {
		key := strings.Split(o.Case.Name, "/")[part]
		r := rows[key]
		if r == nil {
			r = &row{}
			rows[key] = r
		}
		for _, x := range []*row{r, &total} {
			switch o.Class {
			case Pass:
				x.pass++
			case Refused:
				x.refused++
			default:
				x.wrong++
			}
		}
	}
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%-16s %6s %6s %8s %6s\n", "", "cases", "pass", "refused", "WRONG")
	for _, k := range append(keys, "total") {
		r := &total
		if k != "total" {
			r = rows[k]
		}
		fmt.Fprintf(&b, "%-16s %6d %6d %8d %6d\n", k, r.pass+r.refused+r.wrong, r.pass, r.refused, r.wrong)
	}
	return b.String()
}
