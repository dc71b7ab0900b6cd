package native

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The child runs the learner's code on one thread, as the page does,
// even when its environment asks for more.
func TestChildRunsOnOneThread(t *testing.T) {
	before := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(before)
	src := "package main\n\nfunc Twice(n int) int { return 2 * n }\n\nfunc main() {}\n"
	harness := "package main\n\nimport (\n\t. \"submission\"\n\n\t\"flakylab.internal/grading\"\n)\n\nfunc main() {\n\tif Twice(2) == 4 {\n\t\tgrading.Verdict(\"pass\")\n\t}\n}\n"
	req, err := json.Marshal(childRequest{Source: src, Harness: harness, Nonce: "n1", MaxOutput: 1 << 10})
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	code := Child(bytes.NewReader(req), &out, &errOut)
	require.Equal(t, 0, code, "stderr:\n%s", errOut.String())
	r, ok := parseChildResult(errOut.String(), "n1")
	require.True(t, ok, "no result line in stderr:\n%s", errOut.String())
	assert.Nil(t, r.Error, "want the check to run, stderr:\n%s", errOut.String())
	assert.Equal(t, "pass", r.Verdict, "verdict")
	assert.Equal(t, 1, runtime.GOMAXPROCS(0), "threads running Go code after a child's run (GOMAXPROCS was 4 before)")
	assert.False(t, strings.Contains(out.String(), "panic"), "stdout: %s", out.String())
}
