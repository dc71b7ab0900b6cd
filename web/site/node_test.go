package site_test

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// The page modules' Node unit tests (js/*.test.mjs), run from go test when
// node is on PATH.
func TestPageModulesUnderNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	out, err := exec.Command(node, "--test", "js/").CombinedOutput()
	require.NoError(t, err, "node --test web/site/js/:\n%s", out)
}
