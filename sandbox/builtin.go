package sandbox

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// builtinPrint formats arguments as Go's print and println builtins do:
// no spaces for print, spaces and a newline for println, floats in their
// shortest form (as the Go 1.26 runtime prints them), slices as
// [len/cap]pointer, pointers and other references in hex.
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
		return "(0x0,0x0)" // a nil interface: its type and data words
	}
	v := reflect.ValueOf(a)
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32:
		return runtimeFloat(v.Float(), 32)
	case reflect.Float64:
		return runtimeFloat(v.Float(), 64)
	case reflect.Complex64:
		return strconv.FormatComplex(v.Complex(), 'g', -1, 64)
	case reflect.Complex128:
		return strconv.FormatComplex(v.Complex(), 'g', -1, 128)
	case reflect.String:
		return v.String()
	case reflect.Slice:
		return fmt.Sprintf("[%d/%d]%#x", v.Len(), v.Cap(), v.Pointer())
	case reflect.Pointer, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer:
		return fmt.Sprintf("%#x", v.Pointer())
	}
	return fmt.Sprintf("(%v)", a)
}

// runtimeFloat is the Go runtime's printfloat: the shortest form that
// reads back as the same float32 or float64 ("1.5", "1e+21", "+Inf").
func runtimeFloat(f float64, bits int) string {
	return strconv.FormatFloat(f, 'g', -1, bits)
}
