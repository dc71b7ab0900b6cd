package sandbox

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// builtinPrint formats arguments as Go's print and println builtins do:
// no spaces for print, spaces and a newline for println, floats in the
// runtime's +1.500000e+000 form, pointers and other references in hex.
func builtinPrint(args []any, ln bool) string {
	var b strings.Builder
	for i, a := range args {
		if ln && i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(builtinValue(unwrapPanicValue(a)))
	}
	if ln {
		b.WriteByte('\n')
	}
	return b.String()
}

func builtinValue(a any) string {
	if a == nil {
		return "nil"
	}
	v := reflect.ValueOf(a)
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return runtimeFloat(v.Float())
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return "(" + runtimeFloat(real(c)) + runtimeFloat(imag(c)) + "i)"
	case reflect.String:
		return v.String()
	case reflect.Pointer, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer, reflect.Slice:
		return fmt.Sprintf("%#x", v.Pointer())
	}
	return fmt.Sprintf("(%v)", a)
}

// runtimeFloat is the Go runtime's printfloat: a sign, seven significant
// digits and a three-digit exponent.
func runtimeFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	}
	s := strconv.FormatFloat(f, 'e', 6, 64) // 1.500000e+00
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	mant, exp, _ := strings.Cut(s, "e")
	sign, digits := exp[:1], exp[1:]
	for len(digits) < 3 {
		digits = "0" + digits
	}
	return mant + "e" + sign + digits
}
