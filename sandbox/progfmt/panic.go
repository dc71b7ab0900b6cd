package progfmt

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// PanicNames remembers the Go names of the values a run panics with.
//
// The Go runtime prints a panic value of a defined type with its name:
// panic(MyInt(3)) prints "panic: main.MyInt(3)", panic(P{3}) "panic:
// (main.P) 0xc000012345". The interpreter's value has no name, so the
// front end writes panic(x), for x of a type of the program, as
// panic(progfmt.Panic(x, "main.P")), and the run asks Name for the name
// of the value it reports.
type PanicNames struct {
	mu    sync.Mutex
	value reflect.Value
	name  string
}

// Panic records that the program is about to panic with v, a value of the
// type Go names name, and returns v.
func (n *PanicNames) Panic(v any, name string) any {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.value, n.name = unwrap(reflect.ValueOf(v)), name
	return v
}

// Name returns the recorded name of v, if v is the value last recorded.
func (n *PanicNames) Name(v any) (string, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	rv := unwrap(reflect.ValueOf(v))
	if n.name == "" || !rv.IsValid() || !n.value.IsValid() || rv.Type() != n.value.Type() || !reflect.DeepEqual(rv.Interface(), n.value.Interface()) {
		return "", false
	}
	return n.name, true
}

// Describe formats v as the Go runtime prints a panic value of the type
// named name that has no Error or String method: name(value) for the
// basic kinds (print formats the value, and strings are quoted),
// (name) address for the others.
func Describe(v any, name string, print func(any) string) string {
	rv := unwrap(reflect.ValueOf(v))
	if rv.Kind() == reflect.Struct && rv.NumField() == 1 && strings.HasPrefix(rv.Type().Field(0).Name, "X_fl_box") {
		rv = unwrap(rv.Field(0)) // the front end's box of a type it tells apart in interfaces
	}
	switch rv.Kind() {
	case reflect.String:
		return name + `("` + rv.String() + `")`
	case reflect.Complex64, reflect.Complex128:
		// main.C(1+2i): the runtime writes no parentheses of its own.
		return name + "(" + strings.TrimSuffix(strings.TrimPrefix(print(basic(rv)), "("), ")") + ")"
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return name + "(" + print(basic(rv)) + ")"
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return fmt.Sprintf("(%s) %#x", name, rv.Pointer())
	}
	// The runtime prints the address of its copy of the value.
	c := reflect.New(rv.Type())
	c.Elem().Set(rv)
	return fmt.Sprintf("(%s) %#x", name, c.Pointer())
}
