package gotest

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// runColumns and checkColumns are the table's columns for each action.
var (
	runColumns   = []Class{Pass, Refused, Wrong, FalseCompile, Internal, Timeout}
	checkColumns = []Class{Rejected, WrongLine, Accepted, Internal, Timeout}
)

// WriteTable prints, per action, one row per folder with the count of
// each class and the pass rate (run: pass; errorcheck: rejected at an
// ERROR line), then the totals.
func WriteTable(w io.Writer, outcomes []Outcome) {
	for _, action := range []Action{ActionRun, ActionErrorcheck} {
		cols := runColumns
		if action == ActionErrorcheck {
			cols = checkColumns
		}
		counts := map[string]map[Class]int{}
		var folders []string
		for _, o := range outcomes {
			if o.Program.Action != action {
				continue
			}
			f := o.Program.Folder()
			if counts[f] == nil {
				counts[f] = map[Class]int{}
				folders = append(folders, f)
			}
			counts[f][o.Class]++
		}
		if len(folders) == 0 {
			continue
		}
		sort.Strings(folders)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		head := []string{"// " + string(action), "programs"}
		for _, c := range cols {
			head = append(head, string(c))
		}
		head = append(head, "rate")
		fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
		total := map[Class]int{}
		for _, f := range folders {
			fmt.Fprintln(tw, row(f, counts[f], cols)+"\t")
			for c, n := range counts[f] {
				total[c] += n
			}
		}
		fmt.Fprintln(tw, row("total", total, cols)+"\t")
		tw.Flush()
		fmt.Fprintln(w)
	}
}

func row(name string, counts map[Class]int, cols []Class) string {
	n := 0
	for _, v := range counts {
		n += v
	}
	cells := []string{name, fmt.Sprint(n)}
	for _, c := range cols {
		cells = append(cells, fmt.Sprint(counts[c]))
	}
	cells = append(cells, fmt.Sprintf("%.1f%%", 100*float64(counts[cols[0]])/float64(max(n, 1))))
	return strings.Join(cells, "\t")
}
