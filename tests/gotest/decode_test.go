package gotest

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox"
)

func decode(t *testing.T, s string) sandbox.Result {
	t.Helper()
	var res sandbox.Result
	require.NoError(t, json.Unmarshal([]byte(s), &res), "decoding %s", s)
	return res
}
