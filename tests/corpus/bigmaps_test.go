//go:build js && wasm

package corpus

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox"
)

// Go's runtime for GOOS=js GOARCH=wasm (1.26) crashes the whole
// WebAssembly instance ("memory access out of bounds") when a nil
// interface is looked up in, stored in or deleted from a map keyed by an
// interface that has grown past one table (about 900 entries): the hash
// of a nil interface is the map's 64-bit seed, not trimmed to the 32 bits
// the wasm maps index their directory with. The type checker's maps
// (types.Info.Types, Scopes, Implicits) grow that large for a program of
// a few hundred lines, so one lookup of a nil expression in the front end
// (a deferred call without arguments was one) kills the browser's runtime
// on a correct program, while the native build is fine.
//
// padding is a function nobody calls, large enough that every
// interface-keyed map the type checker fills for the program has several
// tables.
func padding(lines int) string {
	var b strings.Builder
	b.WriteString("\nfunc _() {\n\tpad := 0\n")
	for i := range lines {
		fmt.Fprintf(&b, "\tif v := pad + %d; v > 0 {\n\t\tpad = v\n\t}\n", i)
	}
	b.WriteString("}\n")
	return b.String()
}

// TestLargeProgramsCompile checks and compiles every valid program with a
// large unused function added, as a run does before it starts. It runs
// under Node only (make test-runtime), where a step that looks a nil
// interface key up in such a map crashes it; natively that lookup is
// harmless.
func TestLargeProgramsCompile(t *testing.T) {
	pad := padding(200)
	for _, c := range Cases(Valid) {
		t.Run(c.Name, func(t *testing.T) {
			c.Source = append(append([]byte{}, c.Source...), pad...)
			res := sandbox.Run(context.Background(), string(c.Source), sandbox.Options{CompileOnly: true})
			require.Nil(t, res.Err, "%s with %d lines added: the runtime failed: %v", c.Name, strings.Count(pad, "\n"), res.Err)
			assert.Empty(t, res.Stdout, "%s: a compile-only run prints nothing", c.Name)
		})
	}
}
