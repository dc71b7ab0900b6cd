package progfmt

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The interpreter's cfg: type cfg struct { retries int; Inner *inner;
// Meta any } with type inner struct{ a []string }, made as reflect makes
// it (unexported names exported with an X).
var (
	innerType = reflect.StructOf([]reflect.StructField{{Name: "Xa", Type: reflect.TypeOf([]string(nil))}})
	cfgType   = reflect.StructOf([]reflect.StructField{
		{Name: "Xretries", Type: reflect.TypeOf(0)},
		{Name: "Inner", Type: reflect.PointerTo(innerType)},
		{Name: "Meta", Type: reflect.TypeOf((*any)(nil)).Elem()},
	})
)

// testTable describes cfg and inner as the front end does.
func testTable(t *testing.T) string {
	entries := []Entry{
		{Name: "main.cfg", Kind: "s", Elem: -1, Key: -1, Box: -1, Fields: []Field{
			{Name: "retries", Type: 1, Hidden: true}, {Name: "Inner", Type: 2}, {Name: "Meta", Type: 4}}},
		{Name: "int", Elem: -1, Key: -1, Box: -1},
		{Name: "*main.inner", Kind: "p", Elem: 3, Key: -1, Box: -1},
		{Name: "main.inner", Kind: "s", Elem: -1, Key: -1, Box: -1, Fields: []Field{{Name: "a", Type: 5, Hidden: true}}},
		{Name: "interface {}", Kind: "i", Elem: -1, Key: -1, Box: -1},
		{Name: "[]string", Kind: "l", Elem: 6, Key: -1, Box: -1},
		{Name: "string", Elem: -1, Key: -1, Box: -1},
		{Name: "map[string]main.inner", Kind: "m", Key: 6, Elem: 3, Box: -1},
	}
	b, err := json.Marshal(entries)
	require.NoError(t, err)
	return string(b)
}

var zeros = []any{nil, nil, nil, reflect.New(innerType).Elem().Interface()}

func cfgValue(retries int, a []string, meta any) any {
	in := reflect.New(innerType)
	in.Elem().Field(0).Set(reflect.ValueOf(a))
	v := reflect.New(cfgType).Elem()
	v.Field(0).SetInt(int64(retries))
	v.Field(1).Set(in)
	if meta != nil {
		v.Field(2).Set(reflect.ValueOf(meta))
	}
	return v.Interface()
}

func innerValue(a ...string) any {
	v := reflect.New(innerType).Elem()
	v.Field(0).Set(reflect.ValueOf(a))
	return v.Interface()
}

func TestValuePrintsGoNames(t *testing.T) {
	desc := testTable(t)
	m := reflect.MakeMap(reflect.MapOf(reflect.TypeOf(""), innerType))
	m.SetMapIndex(reflect.ValueOf("b"), reflect.ValueOf(innerValue("y")))
	m.SetMapIndex(reflect.ValueOf("a"), reflect.ValueOf(innerValue("x")))
	tests := []struct {
		name   string
		format string
		index  int
		value  any
		want   string
	}{
		{"field names", "%+v", 0, cfgValue(3, []string{"x"}, nil), "{retries:3 Inner:0xPTR Meta:<nil>}"},
		{"go syntax", "%#v", 3, innerValue("x", "y"), `main.inner{a:[]string{"x", "y"}}`},
		{"pointer at top", "%+v", 2, reflect.ValueOf(innerValue("q")).Interface(), "&{a:[q]}"},
		{"nil interface field", "%#v", 0, cfgValue(1, nil, nil), "main.cfg{retries:1, Inner:(*main.inner)(0xPTR), Meta:interface {}(nil)}"},
		{"value in an interface", "%#v", 0, cfgValue(1, nil, innerValue("z")), `main.cfg{retries:1, Inner:(*main.inner)(0xPTR), Meta:main.inner{a:[]string{"z"}}}`},
		{"bad verb names the type", "%d", 3, innerValue("s"), "{[%!d(string=s)]}"},
		{"width per leaf", "%4d|", 0, cfgValue(7, nil, nil), "{   7 0xPTR <nil>}|"},
		{"sorted map", "%+v", 7, m.Interface(), "map[a:{a:[x]} b:{a:[y]}]"},
		{"go syntax map", "%#v", 7, m.Interface(), `map[string]main.inner{"a":main.inner{a:[]string{"x"}}, "b":main.inner{a:[]string{"y"}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.value
			if tt.name == "pointer at top" {
				p := reflect.New(innerType)
				p.Elem().Set(reflect.ValueOf(v))
				v = p.Interface()
			}
			got := fmt.Sprintf(tt.format, Value(desc, zeros, tt.index, v))
			got = pointers.ReplaceAllString(got, "0xPTR")
			assert.Equal(t, tt.want, got, "format %q of %#v", tt.format, tt.value)
		})
	}
}

// pointers are addresses, in hex or (%d) decimal.
var pointers = regexp.MustCompile(`0x[0-9a-f]+|[0-9]{5,}`)

func TestDynamicFindsTheProgramsType(t *testing.T) {
	desc := testTable(t)
	tests := []struct {
		name  string
		value any
		want  string
	}{
		{"a type of the table", innerValue("d"), `main.inner{a:[]string{"d"}}`},
		{"another type", 5, "<nil>"},
		{"nil", nil, "<nil>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fmt.Sprintf("%#v", Dynamic(desc, zeros, tt.value)) // nil: not handled
			assert.Equal(t, tt.want, got, "input %#v", tt.value)
		})
	}
}

func TestBrokenTableLeavesTheValue(t *testing.T) {
	for _, desc := range []string{"", "[", `[{"n":"x","e":9}]`} {
		got := Value(desc, nil, 0, 42)
		assert.Equal(t, 42, got, "table %q", desc)
	}
}

func TestNilAngleIgnoresVerbAndWidth(t *testing.T) {
	for _, format := range []string{"%v", "%s", "%q", "%x", "%8v", "%+v"} {
		assert.Equal(t, "<nil>", fmt.Sprintf(format, NilStringer()), "format %s", format)
		assert.Equal(t, "<nil>", fmt.Sprintf(format, NilError()), "format %s", format)
	}
}

type isTwo struct{}

func (isTwo) Error() string        { return "two" }
func (isTwo) Is(target error) bool { return target.Error() == "2" }
func (isTwo) Unwrap() []error      { return []error{errors.New("a")} }

func TestErrorTreeNodes(t *testing.T) {
	joined := errors.Join(errors.New("x"), errors.New("y"))
	errs, ok := UnwrapMany(joined)
	require.True(t, ok, "errors.Join's value unwraps to several")
	assert.Len(t, errs, 2)
	_, ok = UnwrapMany(errors.New("plain"))
	assert.False(t, ok, "a plain error does not")
	assert.True(t, CallIs(isTwo{}, errors.New("2")), "Is method reports its target")
	assert.False(t, CallIs(isTwo{}, errors.New("3")), "Is method rejects another")
	assert.False(t, CallIs(errors.New("2"), errors.New("2")), "no Is method")
}
