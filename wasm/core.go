//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/hack-pad/safejs"

	"github.com/flakylab/flakylab/wasm/widgets"
)

// Limits on what a widget call may pass in.
const (
	maxArgDepth  = 16
	maxArgLength = 100_000
	maxArgValues = 100_000 // values in all the arguments of a call together
)

// installCore builds flakylab.core: one function per widgets method, each
// returning a settled Promise. The handles live in one widgets.API for
// the life of the worker.
func installCore(objectCtor safejs.Value) (safejs.Value, []safejs.Func, error) {
	api := widgets.New()
	// No prototype: core.constructor, core.toString and the other names
	// every object inherits are not methods of the API.
	core, err := objectCtor.Call("create", safejs.Null())
	if err != nil {
		return safejs.Value{}, nil, err
	}
	var funcs []safejs.Func
	for _, name := range widgets.Methods() {
		name := name
		f, err := syncFunc("core."+name, func(args []safejs.Value) (any, *bridgeError) {
			argv := make([]any, len(args))
			budget := maxArgValues
			for i, a := range args {
				v, err := plain(a, 0, &budget)
				if err != nil {
					return nil, badRequest("core.%s: argument %d: %v", name, i+1, err)
				}
				argv[i] = v
			}
			out, err := api.Call(name, argv)
			var we *widgets.Error
			switch {
			case errors.As(err, &we):
				return nil, &bridgeError{Code: we.Code, Message: "core." + we.Message}
			case err != nil:
				return nil, &bridgeError{Code: codeInternal, Message: err.Error()}
			}
			return out, nil
		})
		if err != nil {
			return core, funcs, err
		}
		funcs = append(funcs, f)
		if err := core.Set(name, f); err != nil {
			return core, funcs, err
		}
	}
	return core, funcs, nil
}

// plain copies a JavaScript value into the plain Go values widgets take:
// nil, bool, float64, string, []any and map[string]any. Anything else (a
// symbol, a function, a BigInt, NaN, an object that is not a plain object
// or an array, such as a Date or a Map) is refused, as is more than budget
// values in all.
func plain(v safejs.Value, depth int, budget *int) (any, error) {
	if depth > maxArgDepth {
		return nil, fmt.Errorf("nested more than %d levels", maxArgDepth)
	}
	if *budget--; *budget < 0 {
		return nil, fmt.Errorf("more than %d values in all", maxArgValues)
	}
	switch typeOf(v) {
	case safejs.TypeUndefined, safejs.TypeNull:
		return nil, nil
	case safejs.TypeBoolean:
		return v.Bool()
	case safejs.TypeNumber:
		f, err := v.Float()
		if err == nil && math.IsNaN(f) {
			return nil, errors.New("NaN is not a number a widget takes")
		}
		return f, err
	case safejs.TypeString:
		if n, err := stringLength(v); err != nil || n > maxArgLength {
			return nil, fmt.Errorf("a string longer than %d", maxArgLength)
		}
		return v.String()
	case safejs.TypeObject:
		if isArray(v) {
			return plainArray(v, depth, budget)
		}
		if !isPlainObject(v) {
			return nil, fmt.Errorf("%s cannot be passed to a widget; pass a plain object", objectKind(v))
		}
		return plainObject(v, depth, budget)
	}
	return nil, fmt.Errorf("%s cannot be passed to a widget", describe(v))
}

func plainArray(v safejs.Value, depth int, budget *int) (any, error) {
	n, err := arrayLength(v)
	if err != nil {
		return nil, err
	}
	if n > maxArgLength {
		return nil, fmt.Errorf("an array longer than %d", maxArgLength)
	}
	out := make([]any, n)
	for i := range out {
		e, err := property(v, i)
		if err != nil {
			return nil, err
		}
		if out[i], err = plain(e, depth+1, budget); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// isPlainObject reports whether v's prototype is Object.prototype or null,
// as for an object literal.
func isPlainObject(v safejs.Value) bool {
	object, err := safejs.Global().Get("Object")
	if err != nil {
		return false
	}
	proto, err := object.Call("getPrototypeOf", v)
	if err != nil {
		return false
	}
	if proto.IsNull() {
		return true
	}
	objectProto, err := object.Get("prototype")
	return err == nil && proto.Equal(objectProto)
}

// objectKind names an object's class for error messages ("a Date").
func objectKind(v safejs.Value) string {
	object, err := safejs.Global().Get("Object")
	if err != nil {
		return "an object"
	}
	tag, err := object.Get("prototype")
	if err == nil {
		tag, err = tag.Get("toString")
	}
	if err == nil {
		tag, err = tag.Call("call", v)
	}
	if err != nil {
		return "an object"
	}
	s, err := tag.String() // "[object Date]"
	if err != nil || !strings.HasPrefix(s, "[object ") {
		return "an object"
	}
	return "a " + strings.TrimSuffix(strings.TrimPrefix(s, "[object "), "]")
}

// plainObject copies an object's own enumerable properties.
func plainObject(v safejs.Value, depth int, budget *int) (any, error) {
	object, err := safejs.Global().Get("Object")
	if err != nil {
		return nil, err
	}
	keys, err := object.Call("keys", v)
	if err != nil {
		return nil, err
	}
	n, err := keys.Length()
	if err != nil {
		return nil, err
	}
	if n > maxArgLength {
		return nil, fmt.Errorf("an object with more than %d keys", maxArgLength)
	}
	out := make(map[string]any, n)
	for i := 0; i < n; i++ {
		k, err := keys.Index(i)
		if err != nil {
			return nil, err
		}
		name, err := k.String()
		if err != nil {
			return nil, err
		}
		e, err := property(v, name)
		if err != nil {
			return nil, err
		}
		if out[name], err = plain(e, depth+1, budget); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return out, nil
}
