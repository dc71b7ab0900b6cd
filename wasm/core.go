//go:build js && wasm

package main

import (
	"errors"
	"fmt"

	"github.com/hack-pad/safejs"

	"github.com/flakylab/flakylab/wasm/widgets"
)

// Limits on what a widget call may pass in.
const (
	maxArgDepth  = 16
	maxArgLength = 100_000
)

// installCore builds flakylab.core: one function per widgets method, each
// returning a settled Promise. The handles live in one widgets.API for
// the life of the worker.
func installCore(objectCtor safejs.Value) (safejs.Value, []safejs.Func, error) {
	api := widgets.New()
	core, err := objectCtor.New()
	if err != nil {
		return safejs.Value{}, nil, err
	}
	var funcs []safejs.Func
	for _, name := range widgets.Methods() {
		name := name
		f, err := syncFunc("core."+name, func(args []safejs.Value) (any, *bridgeError) {
			argv := make([]any, len(args))
			for i, a := range args {
				v, err := plain(a, 0)
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
// nil, bool, float64, string, []any and map[string]any.
func plain(v safejs.Value, depth int) (any, error) {
	if depth > maxArgDepth {
		return nil, fmt.Errorf("nested more than %d levels", maxArgDepth)
	}
	switch v.Type() {
	case safejs.TypeUndefined, safejs.TypeNull:
		return nil, nil
	case safejs.TypeBoolean:
		return v.Bool()
	case safejs.TypeNumber:
		return v.Float()
	case safejs.TypeString:
		if n, err := stringLength(v); err != nil || n > maxArgLength {
			return nil, fmt.Errorf("a string longer than %d", maxArgLength)
		}
		return v.String()
	case safejs.TypeObject:
		if isArray(v) {
			n, err := v.Length()
			if err != nil {
				return nil, err
			}
			if n > maxArgLength {
				return nil, fmt.Errorf("an array longer than %d", maxArgLength)
			}
			out := make([]any, n)
			for i := range out {
				e, err := v.Index(i)
				if err != nil {
					return nil, err
				}
				if out[i], err = plain(e, depth+1); err != nil {
					return nil, err
				}
			}
			return out, nil
		}
		return plainObject(v, depth)
	}
	return nil, fmt.Errorf("%s cannot be passed to a widget", describe(v))
}

// plainObject copies an object's own enumerable properties.
func plainObject(v safejs.Value, depth int) (any, error) {
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
		e, err := v.Get(name)
		if err != nil {
			return nil, err
		}
		if out[name], err = plain(e, depth+1); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return out, nil
}
