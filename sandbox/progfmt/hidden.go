package progfmt

import "reflect"

// The methods the interpreter does not see: those of the packages'
// unexported error types beside Error (context.DeadlineExceeded's
// Timeout and Temporary, fmt.Errorf's and errors.Join's Unwrap, a
// run-time error's RuntimeError, the course's transport errors'
// Timeout). The interpreter knows such a value only by the interface it
// came through, so the front end's assertion helpers ask the As
// functions, which assert natively and hand the value back in one of
// these interfaces: the interpreter reads their methods from their
// reflect types, so the value passes a later assertion to the program's
// interface and to error, and its methods are the package's own.

// ErrorTimeout is an error with a Timeout method.
type ErrorTimeout interface {
	error
	Timeout() bool
}

// ErrorTemporary is an error with a Temporary method.
type ErrorTemporary interface {
	error
	Temporary() bool
}

// ErrorTimeoutTemporary is net.Error's method set.
type ErrorTimeoutTemporary interface {
	error
	Timeout() bool
	Temporary() bool
}

// ErrorUnwrap is an error that wraps one.
type ErrorUnwrap interface {
	error
	Unwrap() error
}

// ErrorUnwrapList is an error that wraps several.
type ErrorUnwrapList interface {
	error
	Unwrap() []error
}

// ErrorRuntimeError is runtime.Error's method set.
type ErrorRuntimeError interface {
	error
	RuntimeError()
}

// AsErrorTimeout asserts v to ErrorTimeout.
func AsErrorTimeout(v any) (ErrorTimeout, bool) { x, ok := v.(ErrorTimeout); return x, ok }

// AsErrorTemporary asserts v to ErrorTemporary.
func AsErrorTemporary(v any) (ErrorTemporary, bool) { x, ok := v.(ErrorTemporary); return x, ok }

// AsErrorTimeoutTemporary asserts v to ErrorTimeoutTemporary.
func AsErrorTimeoutTemporary(v any) (ErrorTimeoutTemporary, bool) {
	x, ok := v.(ErrorTimeoutTemporary)
	return x, ok
}

// AsErrorUnwrap asserts v to ErrorUnwrap.
func AsErrorUnwrap(v any) (ErrorUnwrap, bool) { x, ok := v.(ErrorUnwrap); return x, ok }

// AsErrorUnwrapList asserts v to ErrorUnwrapList.
func AsErrorUnwrapList(v any) (ErrorUnwrapList, bool) { x, ok := v.(ErrorUnwrapList); return x, ok }

// AsErrorRuntimeError asserts v to ErrorRuntimeError.
func AsErrorRuntimeError(v any) (ErrorRuntimeError, bool) {
	x, ok := v.(ErrorRuntimeError)
	return x, ok
}

var hiddenTypes = map[reflect.Type]bool{
	reflect.TypeFor[ErrorTimeout]():          true,
	reflect.TypeFor[ErrorTemporary]():        true,
	reflect.TypeFor[ErrorTimeoutTemporary](): true,
	reflect.TypeFor[ErrorUnwrap]():           true,
	reflect.TypeFor[ErrorUnwrapList]():       true,
	reflect.TypeFor[ErrorRuntimeError]():     true,
}

// Hidden returns the package's value itself when v is the interpreter's
// wrapper of a value one of the As functions handed back (converted on
// to the program's interface or to any): fmt and == then see the value,
// not the wrapper.
func Hidden(v any) (any, bool) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || !isValueInterface(rv.Type()) {
		return nil, false
	}
	inner := unwrap(rv)
	if !inner.IsValid() || !hiddenTypes[inner.Type()] || inner.IsNil() {
		return nil, false
	}
	return inner.Elem().Interface(), true
}
