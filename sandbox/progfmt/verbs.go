package progfmt

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Verb is one formatting directive of a Printf format.
type Verb struct {
	At    int    // byte offset of the verb letter in the format
	C     byte   // the verb letter
	Arg   int    // index of its operand among the arguments after the format, or -1
	Flags string // the flags among "+-# 0"
	Sized bool   // whether it has a width or a precision
}

// Verbs finds the directives of a Printf format and the operand each
// consumes, following fmt's rules for '*' and explicit [n] indexes.
func Verbs(format string) []Verb {
	verbs, _ := scanVerbs(format)
	return verbs
}

// scan is what scanVerbs learns of a format beside its verbs, as fmt's
// doPrintf does: whether an explicit index reordered the operands,
// whether the format ends inside a directive, and how many operands the
// verbs consumed in order (those after are fmt's EXTRA).
type scan struct {
	reordered, partial bool
	partialAt          int // where the directive the format ends inside starts
	argEnd             int
	stars              []int // the operands '*' consumes
}

func scanVerbs(format string) ([]Verb, scan) {
	var verbs []Verb
	var sc scan
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		pct := i
		i++
		start := i
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		flags := format[start:i]
		index := func() {
			if i < len(format) && format[i] == '[' {
				sc.reordered = true
				end := strings.IndexByte(format[i:], ']')
				if end < 0 {
					return
				}
				if n, err := strconv.Atoi(format[i+1 : i+end]); err == nil {
					arg = n - 1
				}
				i += end + 1
			}
		}
		number := func() {
			index()
			if i < len(format) && format[i] == '*' {
				sc.stars = append(sc.stars, arg)
				arg++
				i++
				return
			}
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				i++
			}
		}
		number()
		if i < len(format) && format[i] == '.' {
			i++
			number()
		}
		index()
		if i >= len(format) {
			sc.partial, sc.partialAt = true, pct
			break
		}
		if format[i] == '%' {
			continue
		}
		sized := strings.ContainsAny(format[start+len(flags):i], "0123456789*.")
		verbs = append(verbs, Verb{At: i, C: format[i], Arg: arg, Flags: flags, Sized: sized})
		arg++
	}
	sc.argEnd = arg
	return verbs, sc
}

// Args returns the format and operands to hand a Printf-like function in
// place of format and args, whose verbs are known only when the program
// runs (a format that is not a constant, operands spread from a slice):
// an operand whose dynamic type the table desc names is printed as Go
// prints it (Value), and its %T gives the name (the verb becomes %s; an
// operand that other verbs consume too gets its name as an operand of its
// own, explicitNames). args is not changed.
func Args(desc string, zeros []any, format string, args []any) (string, []any) {
	t := table(desc, zeros)
	if t.err != nil {
		return format, args
	}
	verbs := Verbs(format)
	used := make([]byte, len(args)) // the verb of each operand, 0 none, '!' several kinds
	for _, v := range verbs {
		if v.Arg < 0 || v.Arg >= len(args) {
			continue
		}
		switch c := used[v.Arg]; {
		case c == 0:
			used[v.Arg] = v.C
		case (c == 'T') != (v.C == 'T'):
			used[v.Arg] = '!'
		}
	}
	out := append([]any(nil), args...)
	named := make([]bool, len(args))
	for i, a := range args {
		rv := unwrap(reflect.ValueOf(a))
		if !rv.IsValid() || used[i] == 0 || used[i] == 'p' || used[i] == 'w' {
			continue
		}
		index, ok := t.byType[rv.Type()]
		switch {
		case !ok:
		case used[i] == 'T':
			out[i], named[i] = t.entries[index].Name, true
		case used[i] == '!':
			if f, more, ok := explicitNames(format, used, i, t.entries[index].Name, len(out)); ok {
				format, out = f, append(out, more)
				out[i] = formatted{t: t, index: index, v: rv}
			}
		default:
			out[i] = formatted{t: t, index: index, v: rv}
		}
	}
	f := []byte(format)
	for _, v := range Verbs(format) {
		if v.C == 'T' && v.Arg >= 0 && v.Arg < len(args) && named[v.Arg] {
			f[v.At] = 's'
		}
	}
	return string(f), out
}

// explicitNames rewrites format, whose operand arg is consumed by %T and
// by other verbs, so that its %T verbs print name, an operand appended at
// index at: every verb gets an explicit index ([n]). It gives up (false)
// on a format with '*', an operand no verb consumes (fmt's EXTRA) or a
// verb fmt would not give an operand.
func explicitNames(format string, used []byte, arg int, name string, at int) (string, any, bool) {
	if strings.IndexByte(format, '*') >= 0 || slices.Contains(used, 0) {
		return format, nil, false
	}
	verbs := Verbs(format)
	for _, v := range verbs {
		if v.Arg < 0 || v.Arg >= at || !unicode.IsLetter(rune(v.C)) {
			return format, nil, false // fmt's MISSING, BADINDEX, or a verb fmt reads otherwise
		}
	}
	var b strings.Builder
	last := 0
	for _, v := range verbs {
		start := v.At
		if start > 0 && format[start-1] == ']' {
			start = strings.LastIndexByte(format[:start], '[')
		}
		b.WriteString(format[last:start])
		n, c := v.Arg+1, v.C
		if v.Arg == arg && c == 'T' {
			n, c = at+1, 's'
		}
		b.WriteString("[" + strconv.Itoa(n) + "]" + string(c))
		last = v.At + 1
	}
	b.WriteString(format[last:])
	return b.String(), name, true
}

// TypeName is what %T prints for v, with the table's names for the
// program's types wherever they are in v's type ([]main.Item where the
// interpreter's type is []struct { S int }).
func TypeName(desc string, zeros []any, v any) string {
	t := table(desc, zeros)
	rv := unwrap(reflect.ValueOf(v))
	if t.err != nil || !rv.IsValid() {
		return fmt.Sprintf("%T", v)
	}
	return t.typeName(rv.Type(), 0)
}

func (t *Table) typeName(rt reflect.Type, depth int) string {
	if i, ok := t.byType[rt]; ok {
		return t.entries[i].Name
	}
	if rt.Name() != "" || depth > 8 {
		return rt.String()
	}
	switch rt.Kind() {
	case reflect.Pointer:
		return "*" + t.typeName(rt.Elem(), depth+1)
	case reflect.Slice:
		return "[]" + t.typeName(rt.Elem(), depth+1)
	case reflect.Array:
		return "[" + strconv.Itoa(rt.Len()) + "]" + t.typeName(rt.Elem(), depth+1)
	case reflect.Map:
		return "map[" + t.typeName(rt.Key(), depth+1) + "]" + t.typeName(rt.Elem(), depth+1)
	case reflect.Chan:
		elem := t.typeName(rt.Elem(), depth+1)
		switch rt.ChanDir() {
		case reflect.SendDir:
			return "chan<- " + elem
		case reflect.RecvDir:
			return "<-chan " + elem
		}
		if rt.Elem().Kind() == reflect.Chan && rt.Elem().ChanDir() == reflect.RecvDir {
			return "chan (" + elem + ")"
		}
		return "chan " + elem
	}
	return rt.String()
}
