package progfmt

import (
	"fmt"
	"reflect"
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

func TestTypeNameNamesTheProgramsTypesInside(t *testing.T) {
	desc := testTable(t)
	slice := reflect.MakeSlice(reflect.SliceOf(innerType), 0, 0).Interface()
	m := reflect.MakeMap(reflect.MapOf(reflect.TypeOf(""), reflect.PointerTo(innerType))).Interface()
	ch := reflect.MakeChan(reflect.ChanOf(reflect.BothDir, reflect.ChanOf(reflect.RecvDir, innerType)), 0).Interface()
	cases := []struct {
		v    any
		want string
	}{
		{innerValue("a"), "main.inner"},
		{slice, "[]main.inner"},
		{m, "map[string]*main.inner"},
		{ch, "chan (<-chan main.inner)"},
		{[]int{1}, "[]int"},
		{nil, "<nil>"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, TypeName(desc, zeros, c.v), "%v", c.v)
	}
}
