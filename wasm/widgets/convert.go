package widgets

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/storm"
)

// The widgets speak in plain values, the kind that survive postMessage and
// JSON: numbers (float64), strings, booleans, nil, []any and
// map[string]any. Core settings and results cross as objects whose keys
// are the Go field names with a lower-case first letter (cooldown,
// maxAttempts), durations as milliseconds, and enumerations by name.

// parsers read enumerations given by name.
var parsers = map[reflect.Type]func(string) (int64, error){
	reflect.TypeOf(backoff.Jitter(0)): func(s string) (int64, error) {
		j, err := backoff.ParseJitter(s)
		return int64(j), err
	},
	reflect.TypeOf(storm.Strategy(0)): func(s string) (int64, error) {
		st, err := storm.ParseStrategy(s)
		return int64(st), err
	},
}

var (
	durationType = reflect.TypeOf(time.Duration(0))
	stringerType = reflect.TypeOf((*fmt.Stringer)(nil)).Elem()
)

// decode fills the struct dst points to from an object. Unknown keys and
// values of the wrong type are errors naming the key.
func decode(dst any, src any, what string) error {
	if src == nil {
		return nil
	}
	obj, ok := src.(map[string]any)
	if !ok {
		return badArg("%s must be an object, got %s", what, kind(src))
	}
	v := reflect.ValueOf(dst).Elem()
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f, ok := field(v, k)
		if !ok {
			return badArg("%s has no setting %q; it takes %s", what, k, strings.Join(settable(v.Type()), ", "))
		}
		if err := set(f, obj[k], what+"."+k); err != nil {
			return err
		}
	}
	return nil
}

// field finds the settable field a key names.
func field(v reflect.Value, key string) (reflect.Value, bool) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if sf.IsExported() && sf.Type.Kind() != reflect.Func && lowerFirst(sf.Name) == key {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// settable lists the keys a struct type accepts.
func settable(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if sf := t.Field(i); sf.IsExported() && sf.Type.Kind() != reflect.Func {
			out = append(out, lowerFirst(sf.Name))
		}
	}
	return out
}

func set(f reflect.Value, x any, what string) error {
	t := f.Type()
	if t == durationType {
		ms, ok := x.(float64)
		if !ok || math.IsNaN(ms) || math.Abs(ms) > float64(math.MaxInt64/int64(time.Millisecond)) {
			return badArg("%s must be a number of milliseconds, got %s", what, kind(x))
		}
		f.SetInt(int64(ms * float64(time.Millisecond)))
		return nil
	}
	if s, ok := x.(string); ok {
		if parse := parsers[t]; parse != nil {
			n, err := parse(s)
			if err != nil {
				return badArg("%s: %v", what, err)
			}
			f.SetInt(n)
			return nil
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		b, ok := x.(bool)
		if !ok {
			return badArg("%s must be a boolean, got %s", what, kind(x))
		}
		f.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := wholeNumber(x)
		if !ok {
			return badArg("%s must be a whole number, got %s", what, kind(x))
		}
		f.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := wholeNumber(x)
		if !ok || n < 0 {
			return badArg("%s must be a whole number >= 0, got %s", what, kind(x))
		}
		f.SetUint(uint64(n))
	case reflect.Float32, reflect.Float64:
		n, ok := x.(float64)
		if !ok || math.IsNaN(n) {
			return badArg("%s must be a number, got %s", what, kind(x))
		}
		f.SetFloat(n)
	case reflect.String:
		s, ok := x.(string)
		if !ok {
			return badArg("%s must be a string, got %s", what, kind(x))
		}
		f.SetString(s)
	case reflect.Slice:
		s, ok := x.(string)
		if t.Elem().Kind() != reflect.Uint8 || !ok {
			return badArg("%s must be a string, got %s", what, kind(x))
		}
		f.SetBytes([]byte(s))
	case reflect.Map:
		obj, ok := x.(map[string]any)
		if !ok || t.Key().Kind() != reflect.String || t.Elem().Kind() != reflect.String {
			return badArg("%s must be an object of strings, got %s", what, kind(x))
		}
		m := reflect.MakeMapWithSize(t, len(obj))
		for k, v := range obj {
			s, ok := v.(string)
			if !ok {
				return badArg("%s.%s must be a string, got %s", what, k, kind(v))
			}
			m.SetMapIndex(reflect.ValueOf(k), reflect.ValueOf(s))
		}
		f.Set(m)
	default:
		return badArg("%s cannot be set from a widget", what)
	}
	return nil
}

// encode turns a core value into plain values: structs become objects,
// durations milliseconds (Infinity for "never"), enumerations their names.
func encode(x any) any {
	return encodeValue(reflect.ValueOf(x))
}

func encodeValue(v reflect.Value) any {
	if !v.IsValid() {
		return nil
	}
	t := v.Type()
	switch {
	case t == durationType:
		if v.Int() == math.MaxInt64 {
			return math.Inf(1)
		}
		return float64(v.Int()) / float64(time.Millisecond)
	case t.Kind() != reflect.String && t.Kind() != reflect.Struct && t.Implements(stringerType):
		return v.Interface().(fmt.Stringer).String()
	}
	switch t.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return v.Float()
	case reflect.String:
		return v.String()
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return string(v.Bytes())
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = encodeValue(v.Index(i))
		}
		return out
	case reflect.Map:
		out := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			out[fmt.Sprint(it.Key().Interface())] = encodeValue(it.Value())
		}
		return out
	case reflect.Struct:
		out := map[string]any{}
		for i := 0; i < t.NumField(); i++ {
			if sf := t.Field(i); sf.IsExported() && sf.Type.Kind() != reflect.Func {
				out[lowerFirst(sf.Name)] = encodeValue(v.Field(i))
			}
		}
		return out
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return encodeValue(v.Elem())
	}
	return fmt.Sprint(v.Interface())
}

// lowerFirst is a Go field name as a JavaScript key: the leading
// capitals lower-cased, keeping the last one of an initialism that starts
// a word (TTL → ttl, MaxEntries → maxEntries, HTTPStatus → httpStatus).
func lowerFirst(s string) string {
	rs := []rune(s)
	i := 0
	for i < len(rs) && unicode.IsUpper(rs[i]) {
		i++
	}
	if i > 1 && i < len(rs) {
		i-- // the capital that starts the next word
	}
	if i == 0 {
		i = 1
	}
	for j := 0; j < i && j < len(rs); j++ {
		rs[j] = unicode.ToLower(rs[j])
	}
	return string(rs)
}

// wholeNumber reads a float64 that holds an integer JavaScript can
// represent exactly.
func wholeNumber(x any) (int64, bool) {
	f, ok := x.(float64)
	if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int64(f), true
}

// kind names a plain value's type for error messages.
func kind(x any) string {
	switch v := x.(type) {
	case nil:
		return "null"
	case float64:
		return fmt.Sprintf("the number %v", v)
	case string:
		return fmt.Sprintf("the string %q", truncate(v, 40))
	case bool:
		return fmt.Sprintf("%v", v)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", x)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
