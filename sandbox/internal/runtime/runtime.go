// Package runtime makes the values the Go runtime panics with on a
// run-time error, for the playground's programs: a program that recovers
// one sees what Go gives it (%T prints runtime.boundsError,
// runtime.errorString, *runtime.TypeAssertionError), where the
// interpreter raises its own. The package is named runtime so that %T of
// its TypeAssertionError names it as Go does.
package runtime

import (
	"reflect"
	"strings"
	"unsafe"
)

// TypeAssertionError is the panic value of a failed type assertion, as
// the Go runtime's *runtime.TypeAssertionError, with Go's message.
type TypeAssertionError struct{ message string }

// Error returns the message ("interface conversion: ...").
func (e *TypeAssertionError) Error() string { return e.message }

// RuntimeError marks the error as a run-time panic (runtime.Error).
func (*TypeAssertionError) RuntimeError() {}

// Assertion returns the panic value of a failed type assertion whose
// message is msg.
func Assertion(msg string) error { return &TypeAssertionError{msg} }

// zero is a variable, so that the compiler cannot see the division by it.
var zero int

// caught runs f, which makes the Go runtime panic, and returns the error.
func caught(f func()) (err error) {
	defer func() { err, _ = recover().(error) }()
	f()
	return nil
}

// errorStringType is runtime.errorString, the type of the value of a
// division by zero or a nil dereference.
var errorStringType = reflect.TypeOf(caught(func() { _ = 1 / zero }))

// Error returns the runtime.errorString whose message is "runtime error: "
// + msg, the type the Go runtime gives a nil dereference, a division by
// zero, a bad make length.
func Error(msg string) error {
	v := reflect.New(errorStringType).Elem()
	v.SetString(msg)
	return v.Interface().(error)
}

// plainError is the runtime's plainError: %T of it says
// runtime.plainError, as of Go's, since this package is named runtime.
type plainError string

func (e plainError) Error() string { return string(e) }

// RuntimeError marks the error as a run-time panic (runtime.Error).
func (plainError) RuntimeError() {}

// PanicWrap returns the error Go panics with when the value method
// method of type typ of package pkg is called through an interface
// holding a nil *typ ("value method main.T.M called using nil *T
// pointer", a runtime.plainError).
func PanicWrap(pkg, typ, method string) error {
	return plainError("value method " + pkg + "." + typ + "." + method + " called using nil *" + typ + " pointer")
}

// Bounds codes, in the order of the Go runtime's boundsErrorCode.
const (
	boundsIndex      = iota // s[x]: 0 <= x < y failed
	boundsSliceAlen         // s[?:x]: 0 <= x <= y failed (y is len(s))
	boundsSliceAcap         // s[?:x]: 0 <= x <= y failed (y is cap(s))
	boundsSliceB            // s[x:y]: 0 <= x <= y failed
	boundsSlice3Alen        // s[?:?:x]: 0 <= x <= y failed (y is len(s))
	boundsSlice3Acap        // s[?:?:x]: 0 <= x <= y failed (y is cap(s))
	boundsSlice3B           // s[?:x:y]: 0 <= x <= y failed
	boundsSlice3C           // s[x:y:?]: 0 <= x <= y failed
)

// Bounds returns the Go runtime's own error (runtime.boundsError) for an
// index or slice expression out of range, code saying which bound of
// which expression failed with x and y (as the runtime's boundsError):
// the operation is made to fail natively, on a slice of empty structs
// (or a string, for the bounds that name a length).
func Bounds(code, x, y int) error {
	var err error
	switch code {
	case boundsIndex:
		err = caught(func() { _ = make([]struct{}, y)[x] })
	case boundsSliceAlen:
		err = caught(func() { _ = strings.Repeat(" ", y)[:x] })
	case boundsSliceAcap:
		err = caught(func() { _ = make([]struct{}, y)[:x] })
	case boundsSliceB:
		err = caught(func() { _ = make([]struct{}, y)[x:] })
	case boundsSlice3Alen, boundsSlice3Acap:
		err = caught(func() { _ = make([]struct{}, y)[0:0:x] })
		if code == boundsSlice3Alen {
			err = withCode(err, boundsSlice3Alen) // only an array's length gives it
		}
	case boundsSlice3B:
		err = caught(func() { _ = make([]struct{}, y)[:x:y] })
	case boundsSlice3C:
		err = caught(func() { _ = make([]struct{}, y)[x:y:y] })
	}
	if err == nil {
		return Error("index out of range")
	}
	return err
}

// withCode returns a copy of the runtime's boundsError err with its code
// field set.
func withCode(err error, code uint8) error {
	v := reflect.New(reflect.TypeOf(err)).Elem()
	v.Set(reflect.ValueOf(err))
	f := v.FieldByName("code")
	if !f.IsValid() || f.Kind() != reflect.Uint8 {
		return err
	}
	*(*uint8)(unsafe.Pointer(f.UnsafeAddr())) = code
	return v.Interface().(error)
}
