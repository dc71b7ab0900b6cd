package frontend

import (
	"go/types"
	"strconv"
	"strings"
)

// Methods promoted from an embedded interface.
//
// A struct that embeds an interface has the interface's methods (the
// decorator: type logging struct{ Store } overrides Get and keeps Set).
// The interpreter calls them, but its check of a type assertion does not
// count them: s.(*logging), or a type switch case *logging, is refused as
// impossible ("*main.logging does not implement main.Store (missing Set
// method)"). So each such method becomes a method of the struct's own,
// forwarding to the field, as Go's promotion does:
//
//	func (_fl_r1 logging) Set(_fl_a0 string, _fl_a1 string) { _fl_r1.Store.Set(_fl_a0, _fl_a1) }
//
// A value receiver, so that the method is in the method sets of both
// logging and *logging, as the promoted one is.

// forwardInterfaceMethods declares the forwarding methods of the
// program's struct types that embed an interface.
func (l *lowerer) forwardInterfaceMethods() {
	for _, tn := range l.ownTypes() {
		named := tn.Type().(*types.Named)
		st, ok := named.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		declared := map[string]bool{}
		for i := range named.NumMethods() {
			declared[named.Method(i).Name()] = true
		}
		ms := types.NewMethodSet(named)
		for i := range ms.Len() {
			sel := ms.At(i)
			fn, ok := sel.Obj().(*types.Func)
			if !ok || declared[fn.Name()] || len(sel.Index()) != 2 {
				continue
			}
			field := st.Field(sel.Index()[0])
			if !field.Embedded() || !types.IsInterface(field.Type()) {
				continue
			}
			if decl, ok := l.forwarder(tn.Name(), field.Name(), fn); ok {
				l.note("methods promoted from an embedded interface")
				l.text = append(l.text, decl)
			}
		}
	}
}

// forwarder returns the declaration of method fn of type typeName that
// calls it on the embedded field, or false if its signature names a type
// the lowered file cannot.
func (l *lowerer) forwarder(typeName, field string, fn *types.Func) (string, bool) {
	sig := fn.Type().(*types.Signature)
	recv := l.fresh("r")
	var b strings.Builder
	b.WriteString("func (" + recv + " " + typeName + ") " + fn.Name() + "(")
	var args []string
	for i := range sig.Params().Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		name := helperPrefix + "a" + strconv.Itoa(i)
		t := sig.Params().At(i).Type()
		arg := name
		if sig.Variadic() && i == sig.Params().Len()-1 {
			b.WriteString(name + " ...")
			t = t.(*types.Slice).Elem()
			arg += "..."
		} else {
			b.WriteString(name + " ")
		}
		expr, local := l.typeExpr(t)
		if local {
			return "", false
		}
		b.WriteString(expr)
		args = append(args, arg)
	}
	b.WriteString(")")
	var results []string
	for i := range sig.Results().Len() {
		expr, local := l.typeExpr(sig.Results().At(i).Type())
		if local {
			return "", false
		}
		results = append(results, expr)
	}
	switch len(results) {
	case 0:
	case 1:
		b.WriteString(" " + results[0])
	default:
		b.WriteString(" (" + strings.Join(results, ", ") + ")")
	}
	call := recv + "." + field + "." + fn.Name() + "(" + strings.Join(args, ", ") + ")"
	if len(results) > 0 {
		call = "return " + call
	}
	b.WriteString(" {\n\t" + call + "\n}")
	return b.String(), true
}
