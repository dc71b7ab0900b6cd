package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompileOnlyRunsNothing(t *testing.T) {
	src := "package main\n\nimport \"fmt\"\n\nvar x = show()\n\nfunc show() int { fmt.Println(\"init ran\"); return 1 }\n\nfunc main() { fmt.Println(\"main ran\", x) }\n"
	res := runSource(t, src, Options{CompileOnly: true})
	require.Nil(t, res.Err, "source:\n%s", src)
	assert.Empty(t, res.Stdout, "nothing may run")
	assert.Equal(t, 0, res.ExitCode)

	bad := "package main\n\nfunc main() {\n\tvar s string = 1\n\t_ = s\n}\n"
	res = runSource(t, bad, Options{CompileOnly: true})
	require.NotNil(t, res.Err, "source:\n%s", bad)
	assert.Equal(t, KindCompile, res.Err.Kind)
	assert.Equal(t, []int{4, 17}, []int{res.Err.Line, res.Err.Column}, "error %v", res.Err)
}
