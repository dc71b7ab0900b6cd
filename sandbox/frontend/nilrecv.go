package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Value methods called through an interface holding a nil pointer.
//
// Go calls a value method M of a type T, through an interface that
// holds a *T, by a wrapper the compiler makes for *T; for a nil pointer
// the wrapper panics with the runtime's plainError "value method main.T.M
// called using nil *T pointer" (runtime.panicwrap). When the compiler
// sees which pointer the interface holds (a local variable set once from
// it, through inlined calls too), it calls the method on the pointer
// directly, and the nil is dereferenced instead ("invalid memory address
// or nil pointer dereference"), which is what the interpreter gives in
// every case. Through an element of a slice, array or map, a struct's
// field, a value received from a channel or a range variable, the
// compiler never sees it: such a call goes through a helper that panics
// as the wrapper does. (A method promoted from an embedded field is
// reached through the embedding type's wrapper, which dereferences the
// nil: the interpreter's panic is Go's there.) Other receivers (a
// function's parameter, a call's result) are left as they are: whether
// Go's compiler sees through them depends on its inlining.

// nilRecvPlan maps the method selectors x.M of the calls whose receiver
// the compiler cannot see through to the types *T whose nil x may hold
// with M a value method of T's own.
type nilRecvPlan struct {
	calls map[*ast.SelectorExpr][]*types.Named
	// valueTypes are the program's types with value methods.
	valueTypes []*types.Named
}

// planNilReceivers finds those calls on the learner's tree, before
// anything is rewritten.
func (l *lowerer) planNilReceivers() {
	var valueTypes []*types.Named
	for _, tn := range l.ownTypes() {
		named := tn.Type().(*types.Named)
		if strings.HasPrefix(tn.Name(), helperPrefix) {
			continue // a written-out generic: Go names it otherwise
		}
		for i := range named.NumMethods() {
			if _, ptr := named.Method(i).Type().(*types.Signature).Recv().Type().(*types.Pointer); !ptr {
				valueTypes = append(valueTypes, named)
				break
			}
		}
	}
	l.nilRecv.valueTypes = valueTypes
	if len(valueTypes) == 0 {
		return
	}
	rangeVars := map[types.Object]bool{}
	ast.Inspect(l.file, func(n ast.Node) bool {
		// Over a function, the variables are the parameters of the
		// body's function, which inlining may let the compiler see through.
		if r, ok := n.(*ast.RangeStmt); ok && r.Tok == token.DEFINE && !isSignature(l.typeOf(r.X)) {
			for _, e := range []ast.Expr{r.Key, r.Value} {
				if id, ok := e.(*ast.Ident); ok {
					rangeVars[l.info.Defs[id]] = true
				}
			}
		}
		return true
	})
	ast.Inspect(l.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		s, ok := l.info.Selections[sel]
		if !ok || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) || !l.opaqueReceiver(sel.X, rangeVars) {
			return true
		}
		if holders := l.nilRecvHolders(s.Recv(), sel.Sel.Name); len(holders) > 0 {
			if l.nilRecv.calls == nil {
				l.nilRecv.calls = map[*ast.SelectorExpr][]*types.Named{}
			}
			l.nilRecv.calls[sel] = holders
		}
		return true
	})
}

// nilRecvHolders returns the program's types T of which a *T may be in
// the interface type x and has a value method name of T's own.
func (l *lowerer) nilRecvHolders(x types.Type, name string) []*types.Named {
	if _, param := x.(*types.TypeParam); param {
		return nil
	}
	iface, ok := x.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var holders []*types.Named
	for _, t := range l.nilRecv.valueTypes {
		if ownValueMethod(t, name) && types.Implements(types.NewPointer(t), iface) {
			holders = append(holders, t)
		}
	}
	return holders
}

// ownValueMethod reports whether t declares a method name with a value
// receiver itself (not promoted from an embedded field).
func ownValueMethod(t *types.Named, name string) bool {
	for i := range t.NumMethods() {
		m := t.Method(i)
		if m.Name() != name {
			continue
		}
		_, ptr := m.Type().(*types.Signature).Recv().Type().(*types.Pointer)
		return !ptr
	}
	return false
}

// opaqueReceiver reports whether Go's compiler never sees which concrete
// value the interface value x holds: an element of a slice, array or
// map, a field, a received value, a variable of a range clause.
func (l *lowerer) opaqueReceiver(x ast.Expr, rangeVars map[types.Object]bool) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.IndexExpr:
		return l.typeAndValue(x).IsValue()
	case *ast.SelectorExpr:
		s, ok := l.info.Selections[x]
		return ok && s.Kind() == types.FieldVal
	case *ast.UnaryExpr:
		return x.Op == token.ARROW
	case *ast.Ident:
		return rangeVars[l.info.Uses[x]]
	}
	return false
}

// lowerNilReceiver passes the receiver of a planned call through the
// helper that panics as Go's wrapper does for a nil of the holders.
func (l *lowerer) lowerNilReceiver(sel *ast.SelectorExpr) {
	holders := l.nilRecv.calls[sel]
	if len(holders) == 0 {
		return
	}
	x := l.info.Selections[sel].Recv()
	name := l.nilRecvHelper(x, sel.Sel.Name, holders)
	if name == "" {
		return
	}
	call := &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: sel.X.Pos(), Args: []ast.Expr{sel.X}, Rparen: sel.X.End()}
	l.info.Types[call] = types.TypeAndValue{Type: x}
	sel.X = call
}

// nilRecvHelper declares the helper that returns its argument, a value
// of the interface type x, and panics as Go's wrapper of the value
// method name does when it holds a nil *T of the holders; it returns its
// name, or "" when none can be made.
func (l *lowerer) nilRecvHelper(x types.Type, name string, holders []*types.Named) string {
	xexpr, local := l.typeExpr(x)
	if local {
		return ""
	}
	var cases []string
	for _, t := range holders {
		texpr, local := l.typeExpr(types.NewPointer(t))
		if local {
			return ""
		}
		// A package's interface holds the marker of the nil (nilptr.go),
		// the program's own the nil itself.
		test := l.nilTest("v", types.NewPointer(t))
		if !l.packageInterface(x) {
			test = "func() bool {\n\tp, ok := v.(" + texpr + ")\n\treturn ok && p == nil\n}()"
		}
		if test == "" {
			continue
		}
		args := strconv.Quote(t.Obj().Pkg().Path()) + ", " + strconv.Quote(t.Obj().Name()) + ", " + strconv.Quote(name)
		cases = append(cases, "\tif "+test+" {\n\t\tpanic("+l.importName(progfmt.Path)+".PanicWrap("+args+"))\n\t}\n")
	}
	if len(cases) == 0 {
		return ""
	}
	l.note("value methods through nil pointers")
	return l.helper("nilrecv "+xexpr+" "+strings.Join(cases, ""), "nilrecv", func(f string) string {
		return "func " + f + "(v " + xexpr + ") " + xexpr + " {\n" + strings.Join(cases, "") + "\treturn v\n}"
	})
}

// isSignature reports whether t is a function type.
func isSignature(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}
