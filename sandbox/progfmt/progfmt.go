// Package progfmt prints values of the learner program's types as Go
// prints them.
//
// The interpreter makes the program's types with reflect, which cannot
// make a named type nor an unexported field: type P struct{ x int } is a
// struct { Xx int } to it, so fmt would print {Xx:1} for %+v and
// struct { Xx int }{Xx:1} for %#v where Go prints {x:1} and main.P{x:1}.
// The front end knows every type of the program. It describes them in a
// table (JSON, see Entry) and passes an operand of fmt that holds such
// types as Value(table, index, operand): a fmt.Formatter that prints the
// operand with fmt's rules (print.go follows fmt's printValue) and the
// names of the table, and hands each leaf value back to fmt with the same
// verb and flags.
//
// A value held in an interface is found in the table by its reflect type,
// which the table learns from the zero values the front end passes with it
// (one per entry, nil where the front end has none); a reflect type that
// several entries share is printed with the first entry the front end
// listed for it (the front end boxes the types it must tell apart).
package progfmt

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/flakylab/flakylab/sandbox/internal/runtime"
)

// Path is the import path under which the interpreter offers the package.
const Path = "flakylab.internal/progfmt"

// Entry describes one type of the program as Go prints it.
type Entry struct {
	// Name is the type as %T and %#v print it (main.P, []main.P,
	// struct { a int }).
	Name string `json:"n"`
	// Kind is what the interpreter makes of the type: "s" struct, "p"
	// pointer, "l" slice, "a" array, "m" map, "i" interface, "b" box (a
	// struct of one field, the value of the type Box names), "" anything
	// else (a leaf: fmt prints it, or it is a type of a package, whose
	// reflect type carries its own names).
	Kind string `json:"k,omitempty"`
	// Elem is the element's entry (slice, array, map, pointer), Key a
	// map's key's, Box a box's value's; -1 when the element is a type of
	// a package.
	Elem int `json:"e,omitempty"`
	Key  int `json:"y,omitempty"`
	Box  int `json:"x,omitempty"`
	// Fields are a struct's fields, in order.
	Fields []Field `json:"f,omitempty"`
}

// Field is one field of a struct entry.
type Field struct {
	Name string `json:"n"`
	Type int    `json:"t"`
	// Hidden is true for an unexported field: fmt calls no method of
	// what it reaches through one.
	Hidden bool `json:"h,omitempty"`
}

// Table is the parsed description of a program's types.
type Table struct {
	entries []Entry
	byType  map[reflect.Type]int
	learnt  bool // byType is built from the zero values
	err     error
}

var (
	tablesMu sync.Mutex
	tables   = map[string]*Table{}
)

// maxTables bounds the cache of parsed tables (one per program text).
const maxTables = 64

// table parses desc once per text, and learns the reflect types of its
// entries from zeros.
func table(desc string, zeros []any) *Table {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if t, ok := tables[desc]; ok && (t.learnt || len(zeros) == 0) {
		return t
	}
	t := &Table{}
	if err := json.Unmarshal([]byte(desc), &t.entries); err != nil {
		t.err = err
		return t
	}
	for _, e := range t.entries {
		for _, i := range append([]int{e.Elem, e.Key, e.Box}, fieldTypes(e)...) {
			if i < -1 || i >= len(t.entries) {
				t.err = fmt.Errorf("progfmt: entry %d out of range", i)
				return t
			}
		}
	}
	t.byType = map[reflect.Type]int{}
	// Zero values are not there yet while the program's package
	// variables are initialised; the table learns them at the first
	// call that has them.
	t.learnt = len(zeros) > 0
	for i, z := range zeros {
		if z == nil || i >= len(t.entries) {
			continue
		}
		// A value of a type with methods comes in the interpreter's
		// wrapper, whose reflect type is the same for every such type.
		rv := unwrap(reflect.ValueOf(z))
		if !rv.IsValid() {
			continue
		}
		rt := rv.Type()
		if _, seen := t.byType[rt]; !seen {
			t.byType[rt] = i
		}
	}
	if len(tables) >= maxTables {
		clear(tables)
	}
	tables[desc] = t
	return t
}

func fieldTypes(e Entry) []int {
	out := make([]int, len(e.Fields))
	for i, f := range e.Fields {
		out[i] = f.Type
	}
	return out
}

// Value returns what to hand fmt in place of v, a value of the type at
// index of the table desc: a fmt.Formatter that prints v as Go prints it.
// zeros holds one zero value per entry (nil where there is none).
func Value(desc string, zeros []any, index int, v any) any {
	t := table(desc, zeros)
	if t.err != nil || index < 0 || index >= len(t.entries) {
		return v
	}
	return formatted{t: t, index: index, v: unwrap(reflect.ValueOf(v))}
}

// Dynamic is Value for an operand of an interface type: the entry is the
// one of its dynamic type. It returns nil when Handles is false.
func Dynamic(desc string, zeros []any, v any) any {
	t, i, rv := dynamic(desc, zeros, v)
	if i < 0 {
		return nil
	}
	return formatted{t: t, index: i, v: rv}
}

// Sharp is Value for an operand of an interface type printed with %#v,
// in a program whose types have no GoString or Format method: the entry
// is the one of its dynamic type, also for a value the interpreter holds
// in its wrapper (a type with methods, none of which %#v calls). It
// returns v when the table has no entry for it.
func Sharp(desc string, zeros []any, v any) any {
	t := table(desc, zeros)
	if t.err != nil || v == nil {
		return v
	}
	rv := unwrap(reflect.ValueOf(v))
	if !rv.IsValid() {
		return v
	}
	i, ok := t.byType[rv.Type()]
	if !ok {
		return v
	}
	return formatted{t: t, index: i, v: rv}
}

// Handles reports whether Dynamic prints v: the table has an entry for
// its dynamic type, and it has no methods (the interpreter then holds it
// in its own wrapper, which fmt sees through to call them; the caller
// passes such an operand to fmt as it is).
func Handles(desc string, zeros []any, v any) bool {
	_, i, _ := dynamic(desc, zeros, v)
	return i >= 0
}

func dynamic(desc string, zeros []any, v any) (*Table, int, reflect.Value) {
	t := table(desc, zeros)
	if t.err != nil || v == nil {
		return t, -1, reflect.Value{}
	}
	rv := reflect.ValueOf(v)
	if rv.Type() == reflectValueType && rv.CanInterface() {
		rv = rv.Interface().(reflect.Value)
	}
	if !rv.IsValid() || isValueInterface(rv.Type()) {
		return t, -1, rv
	}
	i, ok := t.byType[rv.Type()]
	if !ok {
		return t, -1, rv
	}
	return t, i, rv
}

// unwrap finds the value the interpreter hands compiled code in a
// wrapper: a reflect.Value, or (for a value of a type with methods, in
// an interface) the interpreter's valueInterface, whose value field is
// read in place (yaegi v0.16.1: struct{ node *node; value reflect.Value }).
func unwrap(v reflect.Value) reflect.Value {
	for v.IsValid() {
		switch {
		case v.Type() == reflectValueType && v.CanInterface():
			v = v.Interface().(reflect.Value)
		case isValueInterface(v.Type()):
			c := reflect.New(v.Type()).Elem()
			c.Set(v)
			v = *(*reflect.Value)(unsafe.Pointer(c.Field(1).UnsafeAddr()))
		default:
			return v
		}
	}
	return v
}

var reflectValueType = reflect.TypeOf(reflect.Value{})

// isValueInterface reports whether t is the interpreter's wrapper of a
// value in an interface.
func isValueInterface(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.Name() == "valueInterface" && t.PkgPath() == "github.com/traefik/yaegi/interp" &&
		t.NumField() == 2 && t.Field(1).Name == "value" && t.Field(1).Type == reflectValueType
}

// formatted is a value fmt prints through its Format method.
type formatted struct {
	t     *Table
	index int
	v     reflect.Value
}

// Format implements fmt.Formatter.
func (f formatted) Format(s fmt.State, verb rune) {
	p := newPrinter(f.t, s, verb)
	p.printValue(f.v, f.index, verb, 0, false)
	_, _ = s.Write(p.buf)
}

// Symbols is the package's table for the interpreter (interp.Exports),
// with panics recorded in names (a run's own).
func Symbols(names *PanicNames) map[string]map[string]reflect.Value {
	return map[string]map[string]reflect.Value{
		Path + "/progfmt": {
			"Value":       reflect.ValueOf(Value),
			"Dynamic":     reflect.ValueOf(Dynamic),
			"Handles":     reflect.ValueOf(Handles),
			"NilStringer": reflect.ValueOf(NilStringer),
			"NilError":    reflect.ValueOf(NilError),
			"UnwrapMany":  reflect.ValueOf(UnwrapMany),
			"CallIs":      reflect.ValueOf(CallIs),
			"Grab":        reflect.ValueOf(Grab),
			"Take":        reflect.ValueOf(Take),
			// The packages' hidden methods (hidden.go).
			"AsErrorTimeout":          reflect.ValueOf(AsErrorTimeout),
			"AsErrorTemporary":        reflect.ValueOf(AsErrorTemporary),
			"AsErrorTimeoutTemporary": reflect.ValueOf(AsErrorTimeoutTemporary),
			"AsErrorUnwrap":           reflect.ValueOf(AsErrorUnwrap),
			"AsErrorUnwrapList":       reflect.ValueOf(AsErrorUnwrapList),
			"AsErrorRuntimeError":     reflect.ValueOf(AsErrorRuntimeError),
			"Hidden":                  reflect.ValueOf(Hidden),
			"MethodPanic":             reflect.ValueOf(MethodPanic),
			"Panic":                   reflect.ValueOf(names.Panic),
			"Args":                    reflect.ValueOf(Args),
			"Spread":                  reflect.ValueOf(Spread),
			"WrapVerbs":               reflect.ValueOf(WrapVerbs),
			"AsError":                 reflect.ValueOf(AsError),
			"Concrete":                reflect.ValueOf(Concrete),
			"ForP":                    reflect.ValueOf(ForP),
			"Sharp":                   reflect.ValueOf(Sharp),
			"TypeName":                reflect.ValueOf(TypeName),
			"SortedMap":               reflect.ValueOf(SortedMap),
			"Addr":                    reflect.ValueOf(Addr),
			// The run-time errors of the Go runtime (checked.go and
			// assert.go in the front end).
			"Bounds":       reflect.ValueOf(runtime.Bounds),
			"RuntimeError": reflect.ValueOf(runtime.Error),
			"Assertion":    reflect.ValueOf(runtime.Assertion),
			"PanicWrap":    reflect.ValueOf(runtime.PanicWrap),
		},
	}
}
