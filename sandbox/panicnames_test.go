package sandbox

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A panic with a value of the program's own type prints its name as the
// Go runtime does (the messages are go run's, addresses aside).
func TestPanicValuesOfProgramTypesAreNamed(t *testing.T) {
	const decls = "package main\n\ntype MyInt int\ntype Name string\ntype F float64\ntype P struct{ x int }\ntype L []int\n\nfunc main() {\n\t"
	address := regexp.MustCompile(`0x[0-9a-f]+`)
	cases := []struct {
		name, call, msg string
	}{
		{"named int", "panic(MyInt(3))", "panic: main.MyInt(3)"},
		{"named string", `panic(Name("x"))`, `panic: main.Name("x")`},
		{"named float", "panic(F(1.5))", "panic: main.F(1.5)"},
		{"struct", "panic(P{3})", "panic: (main.P) 0xADDR"},
		{"pointer", "panic(&P{3})", "panic: (*main.P) 0xADDR"},
		{"named slice", "panic(L{1})", "panic: (main.L) 0xADDR"},
		{"plain string", `panic("boom")`, "panic: boom"},
		{"plain int after a named one", "func() {\n\t\tdefer func() { recover() }()\n\t\tpanic(MyInt(3))\n\t}()\n\tpanic(3)", "panic: 3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := decls + tc.call + "\n}\n"
			res := runSource(t, src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant a panic", src)
			assert.Equal(t, KindPanic, res.Err.Kind, "source:\n%s\nerror %v", src, res.Err)
			assert.Equal(t, tc.msg, address.ReplaceAllString(res.Err.Message, "0xADDR"), "source:\n%s", src)
		})
	}
}
