package frontend

import (
	"go/ast"
	"go/types"
	"strings"
)

// lowerMethodExpr turns a method expression such as (*T).M, which the
// interpreter calls with the wrong arguments, into the function literal
// it stands for: func(r *T, a A) R { return r.M(a) }.
func (l *lowerer) lowerMethodExpr(sel *ast.SelectorExpr) ast.Expr {
	s := l.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodExpr {
		return nil
	}
	sig, ok := l.typeOf(sel).(*types.Signature)
	if !ok {
		return nil
	}
	l.note("method expressions")
	var params, args []string
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		name := l.fresh("p")
		spread := ""
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = t.(*types.Slice).Elem()
			spread = "..."
		}
		texpr, _ := l.typeExpr(t)
		params = append(params, name+" "+spread+texpr)
		if i > 0 {
			args = append(args, name+spread)
		}
	}
	var results string
	if r := sig.Results(); r.Len() > 0 {
		var list []string
		for i := range r.Len() {
			texpr, _ := l.typeExpr(r.At(i).Type())
			list = append(list, texpr)
		}
		results = "(" + strings.Join(list, ", ") + ")"
	}
	recv := params[0][:strings.IndexByte(params[0], ' ')]
	path := embeddedIfacePath(s)
	for _, field := range path {
		recv += "." + field
	}
	if len(path) == 0 && types.IsInterface(s.Recv()) {
		// Go's compiler does not see which value the parameter holds:
		// a nil pointer panics as the wrapper of a value method does
		// (nilrecv.go).
		if h := l.nilRecvHelper(s.Recv(), sel.Sel.Name, l.nilRecvHolders(s.Recv(), sel.Sel.Name)); h != "" {
			recv = h + "(" + recv + ")"
		}
	}
	call := recv + "." + sel.Sel.Name + "(" + strings.Join(args, ", ") + ")"
	if results != "" {
		call = "return " + call
	}
	src := "func(" + strings.Join(params, ", ") + ") " + results + " {\n" + call + "\n}"
	return l.parseExpr(src)
}

// lowerConvertedReceiver turns I(x).M, a method of a value just converted
// to an interface type (which makes the interpreter panic), into x.M: the
// same method of the same value, since x has M for the conversion to be
// valid. It returns the replacement or nil.
func (l *lowerer) lowerConvertedReceiver(sel *ast.SelectorExpr) ast.Expr {
	s := l.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	conv, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || len(conv.Args) != 1 || !l.isConversion(conv) || !types.IsInterface(l.typeOf(conv)) {
		return nil
	}
	if t := l.typeOf(conv.Args[0]); t == nil || isUntyped(t) {
		return nil
	}
	l.note("methods of a value converted to an interface")
	return &ast.SelectorExpr{X: conv.Args[0], Sel: sel.Sel}
}
