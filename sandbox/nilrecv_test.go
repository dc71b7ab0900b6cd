package sandbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestValueMethodThroughNilPointerPanicsAsGo: a value method called
// through an interface holding a nil pointer, where Go's compiler cannot
// see the pointer (here a slice element), ends the program with Go's
// message; where it sees it (a local variable set once), Go dereferences
// the nil, as the interpreter does. (go run printed each first line.)
func TestValueMethodThroughNilPointerPanicsAsGo(t *testing.T) {
	const decls = "package main\n\nimport \"fmt\"\n\ntype T struct{ n int }\n\nfunc (t T) String() string { return fmt.Sprint(t.n) }\n\nfunc find() *T { return nil }\n\n"
	cases := []struct{ body, msg string }{
		{"func main() {\n\tss := []fmt.Stringer{find()}\n\tfmt.Println(ss[0].String())\n}\n", "value method main.T.String called using nil *T pointer"},
		{"func main() {\n\tm := map[int]interface{ String() string }{1: find()}\n\tfmt.Println(m[1].String())\n}\n", "value method main.T.String called using nil *T pointer"},
		{"func main() {\n\tvar s fmt.Stringer = find()\n\tfmt.Println(s.String())\n}\n", "runtime error: invalid memory address or nil pointer dereference"},
	}
	for _, c := range cases {
		src := decls + c.body
		res := runSource(t, src, Options{})
		if assert.NotNil(t, res.Err, src) {
			assert.Equal(t, "panic: "+c.msg, res.Err.Message, src)
			assert.True(t, strings.HasPrefix(res.Stderr, "panic: "+c.msg+"\n\n"), "stderr:\n%s", res.Stderr)
			assert.Equal(t, 13, res.Err.Line, src)
			assert.Equal(t, 2, res.ExitCode)
		}
	}
}
