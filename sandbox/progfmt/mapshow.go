package progfmt

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
)

// A map whose keys fmt prints through a String or Error method of the
// program's types (map[Level]int with func (Level) String() string).
// The front end converts each key and element as fmt would print it (the
// key to the string its method returns) and hands them here with the
// keys as the interpreter holds them: fmt sorts a map's keys by their
// values, which the converted strings would not keep, so the pairs are
// ordered by the original keys (internal/fmtsort's rules, sort.go) and
// printed as fmt prints a map.

// SortedMap returns a value that prints as a map whose keys are keys,
// printed as shownKeys, with the elements shownElems, in order of keys.
func SortedMap(keys, shownKeys, shownElems []any) any {
	order := make([]int, len(keys))
	values := make([]reflect.Value, len(keys))
	for i, k := range keys {
		order[i] = i
		values[i] = unwrap(reflect.ValueOf(k))
	}
	slices.SortStableFunc(order, func(a, b int) int { return compare(values[a], values[b]) })
	m := shownMap{keys: make([]any, len(order)), elems: make([]any, len(order))}
	for i, j := range order {
		m.keys[i], m.elems[i] = shownKeys[j], shownElems[j]
	}
	return m
}

// shownMap is a map's pairs, in the order fmt prints them.
type shownMap struct {
	keys, elems []any
}

// Format implements fmt.Formatter: map[k:e k:e], each key and element
// printed with the verb and flags of the map, a nil interface as <nil>
// (as fmt prints one inside a map).
func (m shownMap) Format(s fmt.State, verb rune) {
	format := fmt.FormatString(s, verb)
	one := func(v any) {
		if v == nil {
			pad := ""
			if w, ok := s.Width(); ok && w > len("<nil>") {
				pad = strings.Repeat(" ", w-len("<nil>"))
			}
			if s.Flag('-') {
				_, _ = io.WriteString(s, "<nil>"+pad)
			} else {
				_, _ = io.WriteString(s, pad+"<nil>")
			}
			return
		}
		_, _ = fmt.Fprintf(s, format, v)
	}
	_, _ = io.WriteString(s, "map[")
	for i := range m.keys {
		if i > 0 {
			_, _ = io.WriteString(s, " ")
		}
		one(m.keys[i])
		_, _ = io.WriteString(s, ":")
		one(m.elems[i])
	}
	_, _ = io.WriteString(s, "]")
}

// Addr returns a pointer to a copy of v: the front end's conversion of
// a pointer to a slice, array or map for fmt (&[INFO] for a *[]Level),
// whose element it converts to an any.
func Addr(v any) any {
	if v == nil {
		return v
	}
	p := reflect.New(reflect.TypeOf(v))
	p.Elem().Set(reflect.ValueOf(v))
	return p.Interface()
}
