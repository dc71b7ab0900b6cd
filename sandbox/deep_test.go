package sandbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deepPrograms are valid programs that are deep or long: the playground
// refuses them with a clear message (frontend.CheckLimits) before anything
// recursive reads them, so they never crash a worker.
func deepPrograms() map[string]string {
	return map[string]string{
		"1000 nested parentheses": "x := " + strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000) + "\nfmt.Println(x)\n",
		"5000-term sum":           "x := 1" + strings.Repeat(" + 1", 4999) + "\nfmt.Println(x)\n",
		"100000-line main":        "x := 0\n" + strings.Repeat("x++\n", 100000) + "fmt.Println(x)\n",
	}
}

func TestDeepProgramsDoNotCrash(t *testing.T) {
	for name, src := range deepPrograms() {
		t.Run(name, func(t *testing.T) {
			res := runSource(t, src, Options{})
			require.NotNil(t, res.Err, "%s: want a refusal", name)
			assert.Equal(t, KindUnsupported, res.Err.Kind, "%s: %v", name, res.Err)
			assert.Contains(t, res.Err.Message, "not supported by the playground", "%s: %v", name, res.Err)
			assert.Positive(t, res.Err.Line, "%s: the refusal has a line", name)
			_, ferr := Format(src)
			require.NotNil(t, ferr, "%s: Format refuses it too", name)
			assert.Contains(t, ferr.Message, "not supported by the playground")
		})
	}
}
