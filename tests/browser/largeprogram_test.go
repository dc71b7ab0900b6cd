//go:build browser

package browser_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/corpus"
)

// TestLargeProgramWithDefersInThePage runs, in the page, a retry loop
// whose attempts defer two calls, a hundred times, in a program of a few
// hundred lines: the front end once looked a nil expression up in the
// type checker's tables for a deferred call without arguments, which the
// browser's Go runtime cannot survive once they are that large ("the Go
// runtime failed: memory access out of bounds"), while go run was fine.
func TestLargeProgramWithDefersInThePage(t *testing.T) {
	const name = "prog_150_retry_defers_in_a_large_program"
	var c *corpus.Case
	for _, k := range corpus.Cases(corpus.Valid) {
		if k.Name == name {
			c = &k
		}
	}
	require.NotNil(t, c, "corpus program %s", name)
	ctx, _ := keptPlayground(t)
	r := eval[corpusResult](t, ctx, fmt.Sprintf(`playground.runtime.run(%s, {timeoutMs: 120000})`, js(string(c.Source))))
	require.Nil(t, r.Error, "%s: %+v\nstderr:\n%s", c.Name, r.Error, r.Stderr)
	assert.Equal(t, c.Stdout, r.Stdout, "%s: want (go run) vs got (page)", c.Name)
	// The page's runtime is still alive: a second run answers.
	again := eval[corpusResult](t, ctx, `playground.runtime.run("fmt.Println(\"alive\")", {timeoutMs: 120000})`)
	require.Nil(t, again.Error, "%+v", again.Error)
	assert.Equal(t, "alive\n", again.Stdout)
}
