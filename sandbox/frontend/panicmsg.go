package frontend

import (
	"go/types"
	"strings"
)

// PanicMessageFunc names the helper that gives the message Go prints for
// a panic value of one of the program's types with an Error or String
// method: func(v any) (string, bool). The lowered program declares it
// when the program has such a type; the sandbox's report of an
// unrecovered panic calls it first.
//
// The interpreter's own assertion of such a value to error or
// fmt.Stringer fails, or crashes it ("reflect.Set: value of type *int is
// not assignable", "Method on nil interface value"), when the value is a
// pointer to a struct of the program's (panic(&ValidationError{...})):
// asserted to its own type first, its method is called as Go calls it.
const PanicMessageFunc = "_fl_panicmsg"

// panicMessageHelper is the declaration of PanicMessageFunc, or "" when
// no type of the program has an Error or String method.
func (l *lowerer) panicMessageHelper() string {
	var b strings.Builder
	for _, tn := range l.ownTypes() {
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			call := l.panicMessageCall(t)
			if call == "" {
				continue
			}
			texpr, local := l.typeExpr(t)
			if local {
				continue
			}
			b.WriteString("\tif " + l.typeTest("v", t) + " {\n\t\treturn v.(" + texpr + ")." + call + "(), true\n\t}\n")
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "func " + PanicMessageFunc + "(v any) (string, bool) {\n" + b.String() + "\treturn \"\", false\n}"
}

// panicMessageCall is the method Go's runtime calls to print a panic
// value of type t: Error before String, as printpanicval does.
func (l *lowerer) panicMessageCall(t types.Type) string {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"Error", "String"} {
		sel := ms.Lookup(l.pkg, name)
		if sel == nil {
			continue
		}
		sig, ok := sel.Type().(*types.Signature)
		if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
			continue
		}
		return name
	}
	return ""
}
