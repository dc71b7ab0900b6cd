package sandbox

import (
	"slices"
	"sync"

	"github.com/flakylab/flakylab/sandbox/frontend"
)

// lastChecked keeps, for plain runs, the front end's result for the last
// program it accepted: one slot for the first run of a program (and the
// first instrumented rerun of a panicking one, which checks as it does)
// and one for a run with Go's bounds checks (frontend.Options.Checked,
// CheckedLines). Pressing Run
// again on the same text, and the page's own example after the warm-up
// run of it, then skip the type check and the lowering, the largest step
// of such a run after the interpreter's compile. The front end's result
// is a function of the text and the options alone (the allowed packages'
// type information is fixed in the binary), and nothing changes a
// Program once Check has returned it: runs share it as they share the
// symbol tables. Rejected programs are not kept: their diagnostics are
// cheap next to a run, and a learner fixes them.
var lastChecked struct {
	sync.Mutex
	slots [2]checkedProgram // plain, and checked (fully or at lines)
}

type checkedProgram struct {
	text    string
	checked bool
	lines   []int
	prog    *frontend.Program
}

// checkPlain is frontend.Check for a plain run of text, whose limits the
// run has checked; checked asks for Go's bounds checks, lines for them
// in the statements starting on those lines only.
func checkPlain(text string, checked bool, lines []int) (*frontend.Program, []frontend.Diagnostic) {
	slot := 0
	if checked || len(lines) > 0 {
		slot = 1
	}
	lastChecked.Lock()
	last := lastChecked.slots[slot]
	lastChecked.Unlock()
	if last.prog != nil && last.text == text && last.checked == checked && slices.Equal(last.lines, lines) {
		return last.prog, nil
	}
	prog, diags := frontend.Check([]byte(text), frontend.Options{Filename: SourceName, Checked: checked, CheckedLines: lines, LimitsChecked: true})
	if prog != nil && len(diags) == 0 {
		lastChecked.Lock()
		lastChecked.slots[slot] = checkedProgram{text: text, checked: checked, lines: slices.Clone(lines), prog: prog}
		lastChecked.Unlock()
	}
	return prog, diags
}
