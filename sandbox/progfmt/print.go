package progfmt

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// printer is one Format call: fmt's pp, for the value it was given.
type printer struct {
	t      *Table
	state  fmt.State
	buf    []byte
	flags  string // the directive's flags, as fmt.State reports them
	sharpV bool   // %#v
	plusV  bool   // %+v
}

func newPrinter(t *Table, s fmt.State, verb rune) *printer {
	p := &printer{t: t, state: s}
	for _, c := range "+-# 0" {
		if s.Flag(int(c)) {
			p.flags += string(c)
		}
	}
	if verb == 'v' {
		p.sharpV = s.Flag('#')
		p.plusV = s.Flag('+') && !p.sharpV
	}
	return p
}

// directive is the directive the printer was called with, for verb.
func (p *printer) directive(verb rune, flags string) string {
	var b strings.Builder
	b.WriteByte('%')
	b.WriteString(flags)
	if w, ok := p.state.Width(); ok {
		b.WriteString(strconv.Itoa(w))
	}
	if prec, ok := p.state.Precision(); ok {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(prec))
	}
	b.WriteRune(verb)
	return b.String()
}

// leaf hands v to the real fmt with the printer's directive.
func (p *printer) leaf(v any, verb rune) {
	p.buf = fmt.Appendf(p.buf, p.directive(verb, p.flags), v)
}

func (p *printer) entry(i int) *Entry {
	if i < 0 || i >= len(p.t.entries) {
		return nil
	}
	return &p.t.entries[i]
}

// typeName is the name of v's type as Go prints it.
func (p *printer) typeName(v reflect.Value, e *Entry) string {
	if e != nil {
		return e.Name
	}
	return v.Type().String()
}

// handleMethods is fmt's: it reports whether v has a method fmt calls
// for verb, and then prints it with the real fmt.
func (p *printer) handleMethods(v any, verb rune) bool {
	switch x := v.(type) {
	case fmt.Formatter:
		p.leaf(x, verb)
		return true
	case fmt.GoStringer:
		if p.sharpV {
			p.leaf(x, verb)
			return true
		}
	}
	if p.sharpV {
		return false
	}
	switch verb {
	case 'v', 's', 'x', 'X', 'q':
		switch v.(type) {
		case error, fmt.Stringer:
			p.leaf(v, verb)
			return true
		}
	}
	return false
}

// printValue is fmt's printValue, with the names of the table: index is
// v's entry, or -1 for a type of a package. hidden says v was reached
// through an unexported field.
func (p *printer) printValue(v reflect.Value, index int, verb rune, depth int, hidden bool) {
	v = unwrap(v)
	if depth > 0 && v.IsValid() && v.CanInterface() && !hidden {
		if p.handleMethods(v.Interface(), verb) {
			return
		}
	}
	e := p.entry(index)
	if e != nil && e.Kind == "b" && v.Kind() == reflect.Struct && v.NumField() == 1 {
		p.printValue(v.Field(0), e.Box, verb, depth, hidden)
		return
	}
	switch v.Kind() {
	case reflect.Invalid:
		if depth == 0 {
			p.buf = append(p.buf, "<invalid reflect.Value>"...)
		} else if verb == 'v' {
			p.buf = append(p.buf, "<nil>"...)
		} else {
			p.badVerb(v, index, verb)
		}
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		if !strings.ContainsRune(validVerbs(v.Kind()), verb) {
			p.badVerb(v, index, verb)
			return
		}
		p.leaf(basic(v), verb)
	case reflect.Map:
		p.printMap(v, e, verb, depth, hidden)
	case reflect.Struct:
		p.printStruct(v, e, verb, depth, hidden)
	case reflect.Interface:
		p.printInterface(v, e, verb, depth, hidden)
	case reflect.Array, reflect.Slice:
		p.printList(v, e, verb, depth, hidden)
	case reflect.Pointer:
		if depth == 0 && !v.IsNil() {
			switch a := v.Elem(); a.Kind() {
			case reflect.Array, reflect.Slice, reflect.Struct, reflect.Map:
				p.buf = append(p.buf, '&')
				p.printValue(a, elemOf(e), verb, depth+1, hidden)
				return
			}
		}
		p.printPointer(v, index, verb)
	case reflect.Chan, reflect.Func, reflect.UnsafePointer:
		p.printPointer(v, index, verb)
	default:
		p.leaf(v.Interface(), verb)
	}
}

func elemOf(e *Entry) int {
	if e == nil {
		return -1
	}
	return e.Elem
}

// validVerbs are the verbs fmt accepts for a value of kind k.
func validVerbs(k reflect.Kind) string {
	switch k {
	case reflect.Bool:
		return "tv"
	case reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return "vbgGxXfFeE"
	case reflect.String:
		return "vsxXq"
	case reflect.Pointer, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return "vpboxXd"
	}
	return "vdboOxXcqU" // integers
}

// basicTypes are the types of the basic kinds, to give fmt a value
// without the methods a package's type may have (fmt calls none through
// an unexported field).
var basicTypes = map[reflect.Kind]reflect.Type{
	reflect.Bool: reflect.TypeOf(false), reflect.String: reflect.TypeOf(""),
	reflect.Int: reflect.TypeOf(0), reflect.Int8: reflect.TypeOf(int8(0)), reflect.Int16: reflect.TypeOf(int16(0)),
	reflect.Int32: reflect.TypeOf(int32(0)), reflect.Int64: reflect.TypeOf(int64(0)),
	reflect.Uint: reflect.TypeOf(uint(0)), reflect.Uint8: reflect.TypeOf(uint8(0)), reflect.Uint16: reflect.TypeOf(uint16(0)),
	reflect.Uint32: reflect.TypeOf(uint32(0)), reflect.Uint64: reflect.TypeOf(uint64(0)), reflect.Uintptr: reflect.TypeOf(uintptr(0)),
	reflect.Float32: reflect.TypeOf(float32(0)), reflect.Float64: reflect.TypeOf(float64(0)),
	reflect.Complex64: reflect.TypeOf(complex64(0)), reflect.Complex128: reflect.TypeOf(complex128(0)),
}

// basic is v as a value of its kind's own type. It reads v by kind, so
// that a value reached through an unexported field of a package's type
// (the wall clock of a time.Time), which reflect does not hand out with
// Interface, prints as fmt prints it.
func basic(v reflect.Value) any {
	var x reflect.Value
	switch k := v.Kind(); {
	case k == reflect.Bool:
		x = reflect.ValueOf(v.Bool())
	case k >= reflect.Int && k <= reflect.Int64:
		x = reflect.ValueOf(v.Int())
	case k >= reflect.Uint && k <= reflect.Uintptr:
		x = reflect.ValueOf(v.Uint())
	case k == reflect.Float32 || k == reflect.Float64:
		x = reflect.ValueOf(v.Float())
	case k == reflect.Complex64 || k == reflect.Complex128:
		x = reflect.ValueOf(v.Complex())
	default:
		x = reflect.ValueOf(v.String())
	}
	return x.Convert(basicTypes[v.Kind()]).Interface()
}

// badVerb is fmt's %!verb(type=value).
func (p *printer) badVerb(v reflect.Value, index int, verb rune) {
	p.buf = append(p.buf, '%', '!')
	p.buf = append(p.buf, string(verb)...)
	p.buf = append(p.buf, '(')
	if !v.IsValid() {
		p.buf = append(p.buf, "<nil>"...)
	} else {
		p.buf = append(p.buf, p.typeName(v, p.entry(index))...)
		p.buf = append(p.buf, '=')
		inner := &printer{t: p.t, state: p.state, flags: strings.NewReplacer("#", "", "+", "").Replace(p.flags)}
		inner.printValue(v, index, 'v', 0, true)
		p.buf = append(p.buf, inner.buf...)
	}
	p.buf = append(p.buf, ')')
}

// printPointer is fmt's fmtPointer.
func (p *printer) printPointer(v reflect.Value, index int, verb rune) {
	e := p.entry(index)
	if !strings.ContainsRune(validVerbs(reflect.Pointer), verb) {
		p.badVerb(v, index, verb)
		return
	}
	if verb == 'v' && p.sharpV {
		p.buf = append(p.buf, '(')
		p.buf = append(p.buf, p.typeName(v, e)...)
		p.buf = append(p.buf, ")("...)
		if v.IsNil() {
			p.buf = append(p.buf, "nil"...)
		} else {
			p.buf = fmt.Appendf(p.buf, "%#x", v.Pointer())
		}
		p.buf = append(p.buf, ')')
		return
	}
	p.leaf(v.UnsafePointer(), verb)
}

// separator is what fmt writes between elements and fields.
func (p *printer) separator() {
	if p.sharpV {
		p.buf = append(p.buf, ", "...)
	} else {
		p.buf = append(p.buf, ' ')
	}
}

func (p *printer) printMap(v reflect.Value, e *Entry, verb rune, depth int, hidden bool) {
	key, elem := -1, -1
	if e != nil {
		key, elem = e.Key, e.Elem
	}
	if p.sharpV {
		p.buf = append(p.buf, p.typeName(v, e)...)
		if v.IsNil() {
			p.buf = append(p.buf, "(nil)"...)
			return
		}
		p.buf = append(p.buf, '{')
	} else {
		p.buf = append(p.buf, "map["...)
	}
	for i, k := range sortedKeys(v) {
		if i > 0 {
			p.separator()
		}
		p.printValue(k, key, verb, depth+1, hidden)
		p.buf = append(p.buf, ':')
		p.printValue(v.MapIndex(k), elem, verb, depth+1, hidden)
	}
	if p.sharpV {
		p.buf = append(p.buf, '}')
	} else {
		p.buf = append(p.buf, ']')
	}
}

func (p *printer) printStruct(v reflect.Value, e *Entry, verb rune, depth int, hidden bool) {
	if e != nil && len(e.Fields) != v.NumField() {
		e = nil // not the type the front end described: print what is there
	}
	if p.sharpV {
		p.buf = append(p.buf, p.typeName(v, e)...)
	}
	p.buf = append(p.buf, '{')
	for i := 0; i < v.NumField(); i++ {
		if i > 0 {
			p.separator()
		}
		name, index, fieldHidden := v.Type().Field(i).Name, -1, !v.Type().Field(i).IsExported()
		if e != nil {
			name, index, fieldHidden = e.Fields[i].Name, e.Fields[i].Type, e.Fields[i].Hidden
		}
		if (p.plusV || p.sharpV) && name != "" {
			p.buf = append(p.buf, name...)
			p.buf = append(p.buf, ':')
		}
		f := v.Field(i)
		if f.Kind() == reflect.Interface && !f.IsNil() {
			f = f.Elem() // fmt's getField
			index = p.dynamic(f)
		}
		p.printValue(f, index, verb, depth+1, hidden || fieldHidden)
	}
	p.buf = append(p.buf, '}')
}

func (p *printer) printInterface(v reflect.Value, e *Entry, verb rune, depth int, hidden bool) {
	elem := v.Elem()
	if !elem.IsValid() {
		if p.sharpV {
			p.buf = append(p.buf, p.typeName(v, e)...)
			p.buf = append(p.buf, "(nil)"...)
		} else {
			p.buf = append(p.buf, "<nil>"...)
		}
		return
	}
	p.printValue(elem, p.dynamic(elem), verb, depth+1, hidden)
}

// dynamic is the entry of a value held in an interface, or -1. (A value
// of a type with methods comes in the interpreter's wrapper, whose reflect
// type is the same for all of them: the entry is its content's.)
func (p *printer) dynamic(v reflect.Value) int {
	if v = unwrap(v); !v.IsValid() {
		return -1
	}
	if i, ok := p.t.byType[v.Type()]; ok {
		return i
	}
	return -1
}

func (p *printer) printList(v reflect.Value, e *Entry, verb rune, depth int, hidden bool) {
	switch verb {
	case 's', 'q', 'x', 'X':
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, v.Len())
			for i := range b {
				b[i] = byte(v.Index(i).Uint())
			}
			p.leaf(b, verb)
			return
		}
	}
	elem := elemOf(e)
	if p.sharpV {
		p.buf = append(p.buf, p.typeName(v, e)...)
		if v.Kind() == reflect.Slice && v.IsNil() {
			p.buf = append(p.buf, "(nil)"...)
			return
		}
		p.buf = append(p.buf, '{')
	} else {
		p.buf = append(p.buf, '[')
	}
	for i := 0; i < v.Len(); i++ {
		if i > 0 {
			p.separator()
		}
		p.printValue(v.Index(i), elem, verb, depth+1, hidden)
	}
	if p.sharpV {
		p.buf = append(p.buf, '}')
	} else {
		p.buf = append(p.buf, ']')
	}
}
