//go:build browser

package browser_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/corpus"
)

// corpusResult is the part of a RunResult the corpus compares.
type corpusResult struct {
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	Error  *struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	} `json:"error"`
	Errors []struct {
		Message string `json:"message"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
	} `json:"errors"`
}

// sample takes n cases spread evenly over the corpus.
func sample(cases []corpus.Case, n int) []corpus.Case {
	if len(cases) <= n {
		return cases
	}
	out := make([]corpus.Case, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, cases[i*len(cases)/n])
	}
	return out
}

// TestCorpusSampleInThePage runs ten valid and four invalid programs of
// the differential corpus through the playground page's Runtime (the wasm
// in a worker, as a learner's run goes) and compares them with go run and
// go build. The whole corpus runs under Node in make test-runtime. A run
// may take two minutes: the limit only catches a hang (a busy shared
// machine once took more than 10 s for one).
func TestCorpusSampleInThePage(t *testing.T) {
	ctx, _ := keptPlayground(t)
	run := func(src string) corpusResult {
		return eval[corpusResult](t, ctx, fmt.Sprintf(`playground.runtime.run(%s, {timeoutMs: 120000})`, js(src)))
	}
	for _, c := range sample(corpus.Cases(corpus.Valid), 10) {
		r := run(string(c.Source))
		require.Nil(t, r.Error, "%s: %+v\nstderr:\n%s", c.Name, r.Error, r.Stderr)
		assert.Equal(t, c.Stdout, r.Stdout, "%s: want (go run) vs got (page)", c.Name)
	}
	for _, c := range sample(corpus.Cases(corpus.Invalid), 4) {
		r := run(string(c.Source))
		require.NotNil(t, r.Error, "%s: an invalid program ran", c.Name)
		assert.Equal(t, "compile", r.Error.Kind, c.Name)
		var b strings.Builder
		for _, e := range r.Errors {
			if e.Line == 0 {
				b.WriteString(e.Message + "\n")
				continue
			}
			fmt.Fprintf(&b, "%d:%d: %s\n", e.Line, e.Column, e.Message)
		}
		want := strings.ReplaceAll(c.Errors, "runtime.main_main·f: ", "")
		assert.Equal(t, want, b.String(), "%s: want (go build) vs got (page)", c.Name)
	}
}
