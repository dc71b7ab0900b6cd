package symbols

import (
	"go/constant"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTableForms checks that each form of a compacted row gives the
// reflect.Value yaegi extract's map literal held: functions and typed
// constants as values, variables addressable, untyped constants as
// constant.Value of their kind, types as nil pointers.
func TestTableForms(t *testing.T) {
	tests := []struct {
		key, name string
		check     func(t *testing.T, v reflect.Value)
	}{
		{"strings/strings", "ToUpper", func(t *testing.T, v reflect.Value) {
			require.Equal(t, reflect.Func, v.Kind())
			out := v.Call([]reflect.Value{reflect.ValueOf("go")})
			assert.Equal(t, "GO", out[0].String())
		}},
		{"time/time", "Second", func(t *testing.T, v reflect.Value) {
			assert.Equal(t, time.Second, v.Interface())
			assert.False(t, v.CanSet(), "a typed constant is not a variable")
		}},
		{"io/io", "EOF", func(t *testing.T, v reflect.Value) {
			assert.True(t, v.CanSet(), "a variable is addressable, as yaegi expects")
			assert.Same(t, &io.EOF, v.Addr().Interface(), "the package's own variable")
		}},
		{"io/io", "Reader", func(t *testing.T, v reflect.Value) {
			require.Equal(t, reflect.Pointer, v.Kind())
			assert.True(t, v.IsNil())
			assert.Equal(t, reflect.TypeFor[io.Reader](), v.Type().Elem())
		}},
		{"math/math", "MaxInt64", func(t *testing.T, v reflect.Value) {
			c := v.Interface().(constant.Value)
			assert.Equal(t, constant.Int, c.Kind())
			assert.Equal(t, "9223372036854775807", c.ExactString())
		}},
		{"math/math", "Pi", func(t *testing.T, v reflect.Value) {
			c := v.Interface().(constant.Value)
			assert.Equal(t, constant.Float, c.Kind())
			f, _ := constant.Float64Val(c)
			assert.Equal(t, math.Pi, f)
		}},
		{"github.com/flakylab/flakylab/core/bucket/bucket", "HeaderRetryAfter", func(t *testing.T, v reflect.Value) {
			c := v.Interface().(constant.Value)
			assert.Equal(t, constant.String, c.Kind())
			assert.Equal(t, "Retry-After", constant.StringVal(c))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.key+"."+tt.name, func(t *testing.T) {
			table, ok := Symbols[tt.key]
			require.True(t, ok, "no table %s; tables: %s", tt.key, strings.Join(keys(Symbols), ", "))
			v, ok := table[tt.name]
			require.True(t, ok, "table %s has no %s", tt.key, tt.name)
			tt.check(t, v)
		})
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
