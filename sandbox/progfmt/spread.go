package progfmt

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Operands spread from a slice into a Printf-like function (args...)
// reach it as the interpreter holds them: a value of the program's type
// with methods as the interpreter's record of it, which fmt would print
// by its fields. The front end's helper converts each operand for the
// verbs that print it, known only when the program runs: Spread reads
// the format and says, for each operand to hand fmt, which operand of
// the slice it is and how the verbs print it (its class):
//
//	'v' '+' '#' %v, %+v, %#v
//	's' 'q' 'x' 'X' the other verbs that call String and Error
//	'd' every other verb fmt gives an operand (%d %f %t %c and the bad ones)
//	'T' 'p' 'w' %T (made %s: the helper names the type), %p, %w
//	'*' a width or precision
//	'N' the name of the type of the operand after it (fmt's EXTRA)
//	0 none
//
// An operand that verbs of several classes print is handed fmt once for
// each class, the format rewritten with explicit indexes ([n]). fmt's
// EXTRA (operands no verb consumed) is written into the format: the
// name and the value of each as operands of "%s=%v". What Spread cannot
// plan (several classes beside a '*', an EXTRA, an index out of range;
// an EXTRA after a format that ends inside a directive with a '*' or an
// index) it reports as ok false.

// Spread returns the format to hand fmt in place of format, whose
// operands are n spread from a slice (nils tells which are nil), the
// operand of the slice each operand to hand fmt is, and their classes.
func Spread(format string, nils []bool) (string, []int, string, bool) {
	n := len(nils)
	verbs, sc := scanVerbs(format)
	classes := make([]byte, n)
	mixed := false
	mark := func(i int, c byte) {
		if i < 0 || i >= n {
			return
		}
		if classes[i] != 0 && classes[i] != c {
			mixed = true
		}
		classes[i] = c
	}
	for _, s := range sc.stars {
		mark(s, '*')
	}
	for _, v := range verbs {
		mark(v.Arg, verbClass(v))
	}
	if mixed {
		return explicitClasses(format, verbs, sc, n)
	}
	src := make([]int, n)
	for i := range src {
		src[i] = i
	}
	// %T prints the name the front end's helper gives (class 'T') with %s.
	f := []byte(format)
	for _, v := range verbs {
		if v.C == 'T' {
			f[v.At] = 's'
		}
	}
	format = string(f)
	if sc.reordered || sc.argEnd >= n {
		return format, src, string(classes), true
	}
	// fmt's EXTRA: %!(EXTRA main.T=v, <nil>), after the NOVERB of a
	// format that ends inside a directive (which the suffix would
	// otherwise continue).
	if sc.partial {
		if strings.ContainsAny(format[sc.partialAt:], "*[") {
			return format, nil, "", false
		}
		format = format[:sc.partialAt] + "%%!(NOVERB)"
	}
	var b strings.Builder
	b.WriteString(format)
	b.WriteString("%%!(EXTRA ")
	src = src[:sc.argEnd]
	out := classes[:sc.argEnd]
	for i := sc.argEnd; i < n; i++ {
		if i > sc.argEnd {
			b.WriteString(", ")
		}
		if nils[i] {
			b.WriteString("<nil>")
			continue
		}
		b.WriteString("%s=%v")
		src = append(src, i, i)
		out = append(out, 'N', 'v')
	}
	b.WriteString(")")
	return b.String(), src, string(out), true
}

// verbClass is the class of the operand of verb v (see Spread).
func verbClass(v Verb) byte {
	switch c := v.C; {
	case c == 'v' && strings.Contains(v.Flags, "#"):
		return '#'
	case c == 'v' && strings.Contains(v.Flags, "+"):
		return '+'
	case strings.IndexByte("vsqxXTpw", c) >= 0:
		return c
	}
	return 'd'
}

// explicitClasses is Spread for a format one of whose operands verbs of
// several classes print: every verb gets an explicit index, to an
// operand of its own class.
func explicitClasses(format string, verbs []Verb, sc scan, n int) (string, []int, string, bool) {
	if len(sc.stars) > 0 || sc.partial && strings.ContainsAny(format[sc.partialAt:], "*[") || !sc.reordered && sc.argEnd < n {
		return format, nil, "", false
	}
	type use struct {
		arg   int
		class byte
	}
	// The operands to hand fmt in the order of the slice's (Errorf
	// lists the errors it wraps in that order).
	var uses []use
	for _, v := range verbs {
		if v.Arg < 0 || v.Arg >= n {
			return format, nil, "", false
		}
		if u := (use{v.Arg, verbClass(v)}); !slices.Contains(uses, u) {
			uses = append(uses, u)
		}
	}
	slices.SortStableFunc(uses, func(a, b use) int { return a.arg - b.arg })
	index := map[use]int{}
	src := make([]int, len(uses))
	classes := make([]byte, len(uses))
	for k, u := range uses {
		index[u], src[k], classes[k] = k, u.arg, u.class
	}
	var b strings.Builder
	last := 0
	for _, v := range verbs {
		k := index[use{v.Arg, verbClass(v)}]
		start := v.At
		if start > 0 && format[start-1] == ']' {
			start = strings.LastIndexByte(format[:start], '[')
		}
		b.WriteString(format[last:start])
		c := v.C
		if c == 'T' {
			c = 's'
		}
		b.WriteString("[" + strconv.Itoa(k+1) + "]" + string(c))
		last = v.At + 1
	}
	b.WriteString(format[last:])
	// Operands no verb prints are left out: with an index, fmt reports
	// no EXTRA.
	return b.String(), src, string(classes), true
}

// WrapVerbs returns format, whose operands are the front end's for
// fmt.Errorf (isErr tells which hold an error), with each %w of an error
// made %v, as Errorf prints it, and how many there were.
func WrapVerbs(format string, isErr []bool) (string, int) {
	f := []byte(format)
	count := 0
	for _, v := range Verbs(format) {
		if v.C == 'w' && v.Arg >= 0 && v.Arg < len(isErr) && isErr[v.Arg] {
			f[v.At] = 'v'
			count++
		}
	}
	return string(f), count
}

// ForP returns what to hand fmt for v printed with %p (Concrete), and
// whether fmt prints it as an address, not as a bad verb that names its
// type (%!p(main.State=1)).
func ForP(v any) (any, bool) {
	c := Concrete(v)
	switch reflect.ValueOf(c).Kind() {
	case reflect.Pointer, reflect.Chan, reflect.Func, reflect.Map, reflect.Slice, reflect.UnsafePointer:
		return c, true
	}
	return c, false
}

// Concrete returns the value v holds, out of the interpreter's record
// of a value with methods (for %p and a '*' width).
func Concrete(v any) any {
	rv := unwrap(reflect.ValueOf(v))
	if !rv.IsValid() || !rv.CanInterface() {
		return v
	}
	return rv.Interface()
}

// AsError asserts v to error natively: a package's error (errors.New's)
// comes back as itself, which == then finds.
func AsError(v any) (error, bool) { e, ok := v.(error); return e, ok }
