package progfmt

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestArgsNamesOperandsOfRunTimeFormats(t *testing.T) {
	desc := testTable(t)
	in := innerValue("q")
	cases := []struct {
		format string
		args   []any
		want   string
	}{
		{"%T|%+v|%d", []any{in, in, 4}, "main.inner|{a:[q]}|4"},
		{"%v %[1]T %+[1]v", []any{in}, "{[q]} main.inner {a:[q]}"},
		{"%-12T|%5d%%", []any{in, 3}, "main.inner  |    3%"},
		{"%T %v", []any{in}, "main.inner %!v(MISSING)"},
		{"%T", []any{in, 7}, "main.inner%!(EXTRA int=7)"},
		{"%*d %T", []any{3, 1, "s"}, "  1 string"},
	}
	for _, c := range cases {
		args := append([]any(nil), c.args...)
		f, out := Args(desc, zeros, c.format, args)
		assert.Equal(t, c.want, fmt.Sprintf(f, out...), "format %q", c.format)
		assert.Equal(t, c.args, args, "format %q: the operands must stay as they were", c.format)
	}
}
