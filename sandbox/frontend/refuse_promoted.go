package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Print methods promoted from an embedded package type.
//
// A struct of the program that embeds time.Time, time.Duration or
// *bytes.Buffer has their String (or Format) method, and Go's fmt calls
// it. The interpreter's fmt does not find it: the run panics ("method not
// found: String") or, once the value is in an interface, the whole
// process fails. Such values are refused where fmt would get them: as an
// operand of a print function (lowerFmt) and wherever they go into an
// interface (refusePromotedIntoIface); calling the method, or keeping the
// value in a variable of its own type, is fine.

// promotedPrintMethod returns the name of a method fmt calls (String,
// Error, Format, GoString) that a type of the program reachable in a
// value of type t gets from an embedded field of a package's concrete
// type (a struct embedding time.Time or time.Duration), and that type's
// name; "" when there is none. The interpreter does not find such a
// method when fmt looks for it: the run panics ("method not found") or
// the process fails.
func (l *lowerer) promotedPrintMethod(t types.Type, seen map[types.Type]bool) (method, from string) {
	if t == nil || seen[t] {
		return "", ""
	}
	seen[t] = true
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == l.pkg && !types.IsInterface(t) {
		for _, mt := range []types.Type{t, types.NewPointer(t)} {
			ms := types.NewMethodSet(mt)
			for _, name := range []string{"String", "Error", "Format", "GoString"} {
				sel := ms.Lookup(nil, name)
				if sel == nil || len(sel.Index()) < 2 || sel.Obj().Pkg() == l.pkg {
					continue
				}
				if recv := sel.Obj().Type().(*types.Signature).Recv(); recv != nil && !types.IsInterface(recv.Type()) {
					return name, types.TypeString(recv.Type(), func(p *types.Package) string { return p.Name() })
				}
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return l.promotedPrintMethod(u.Elem(), seen)
	case *types.Slice:
		return l.promotedPrintMethod(u.Elem(), seen)
	case *types.Array:
		return l.promotedPrintMethod(u.Elem(), seen)
	case *types.Map:
		if m, f := l.promotedPrintMethod(u.Key(), seen); m != "" {
			return m, f
		}
		return l.promotedPrintMethod(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if m, f := l.promotedPrintMethod(u.Field(i).Type(), seen); m != "" {
				return m, f
			}
		}
	}
	return "", ""
}

// refusePromotedPrintMethod refuses, at the operand, a value that holds a
// type of the program with a print method promoted from an embedded
// package type (promotedPrintMethod) that fmt calls for the verb c (0:
// not known before the run), and reports whether it did. fmt calls
// String and Error for %v %s %q %x %X only: a struct embedding time.Month
// printed with %d prints its fields, as in Go.
func (l *lowerer) refusePromotedPrintMethod(op ast.Expr, t types.Type, c byte) bool {
	m, from := l.promotedPrintMethod(t, map[types.Type]bool{})
	if m == "" || c != 0 && (m == "String" || m == "Error") && strings.IndexByte("vsqxX", c) < 0 {
		return false
	}
	if !l.promotedOnValue(t) && !l.promotedHazard(t, false, map[types.Type]bool{}) {
		// Through a pointer, or nested in a slice, map or struct, fmt
		// finds the method: only the value itself made the run panic.
		return false
	}
	qualify := func(p *types.Package) string { return p.Name() }
	l.unsupported(op.Pos(), "printing a "+l.typeString(t, qualify)+", whose "+m+" method comes from an embedded "+from+", is not supported by the playground (the interpreter would not find the method); print the result of its "+m+" method, or its fields")
	return true
}

// promotedStringCall returns op.String() (or op.Error()) for an operand
// of a type of the program whose method of that name, which fmt calls for
// the verb c, comes from an embedded field of a package's non-pointer
// type (time.Month, time.Duration), when the print function (name)
// spaces its operands alike whatever their types; nil otherwise. fmt
// would print what the method returns, and so does the string. (Through
// an embedded pointer a nil one would make the call panic, where fmt
// prints the panic.)
func (l *lowerer) promotedStringCall(op ast.Expr, t types.Type, c byte, flags, name string) ast.Expr {
	switch name {
	case "Print", "Sprint", "Fprint", "Append":
		return nil // spaces go between operands that are not strings
	}
	n, ok := types.Unalias(typeOrNil(t)).(*types.Named)
	if !ok || n.Obj().Pkg() != l.pkg || types.IsInterface(n) || strings.IndexByte("vsqxX", c) < 0 || strings.Contains(flags, "#") {
		return nil
	}
	ms := types.NewMethodSet(n)
	for _, m := range []string{"Format", "Error", "String"} {
		sel := ms.Lookup(nil, m)
		if sel == nil || m == "Format" && sel.Obj().Type().(*types.Signature).Params().Len() != 2 {
			continue // time.Time's Format(layout) is not fmt's
		}
		if m == "Format" || len(sel.Index()) < 2 || sel.Obj().Pkg() == l.pkg {
			return nil
		}
		// Every embedded field on the way is a value, not a pointer.
		st := n.Underlying()
		for _, i := range sel.Index()[:len(sel.Index())-1] {
			s, ok := st.(*types.Struct)
			if !ok {
				return nil
			}
			ft := s.Field(i).Type()
			if _, ptr := ft.Underlying().(*types.Pointer); ptr {
				return nil
			}
			st = ft.Underlying()
		}
		return &ast.CallExpr{Fun: &ast.SelectorExpr{X: op, Sel: ast.NewIdent(m)}}
	}
	return nil
}

// promotedOnValue reports whether t is a type of the program (not a
// pointer) whose own method set has a print method promoted from an
// embedded package type.
func (l *lowerer) promotedOnValue(t types.Type) bool {
	n, ok := types.Unalias(typeOrNil(t)).(*types.Named)
	if !ok || n.Obj().Pkg() != l.pkg || types.IsInterface(n) {
		return false
	}
	ms := types.NewMethodSet(n)
	for _, name := range []string{"String", "Error", "Format", "GoString"} {
		if sel := ms.Lookup(nil, name); sel != nil && len(sel.Index()) > 1 && sel.Obj().Pkg() != l.pkg {
			return true
		}
	}
	return false
}

// promotedHazard reports whether a type of the program reachable in a
// value of type t has a Format method promoted from an embedded package
// type (time.Time's), or is reached through a pointer nested in another
// value ([]*Span) and embeds a package type with unexported methods
// (time.Duration, *bytes.Buffer): either made the interpreter fail.
func (l *lowerer) promotedHazard(t types.Type, nested bool, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == l.pkg && !types.IsInterface(t) {
		if sel := types.NewMethodSet(types.NewPointer(t)).Lookup(nil, "Format"); sel != nil && len(sel.Index()) > 1 && sel.Obj().Pkg() != l.pkg {
			return true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if nested && l.promotedOnValue(u.Elem()) && l.embedsUnexportedMethods(u.Elem()) != "" {
			return true
		}
		return l.promotedHazard(u.Elem(), nested, seen)
	case *types.Slice:
		return l.promotedHazard(u.Elem(), true, seen)
	case *types.Array:
		return l.promotedHazard(u.Elem(), true, seen)
	case *types.Map:
		return l.promotedHazard(u.Key(), true, seen) || l.promotedHazard(u.Elem(), true, seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if l.promotedHazard(u.Field(i).Type(), true, seen) {
				return true
			}
		}
	}
	return false
}

// refusePromotedIntoIface refuses a value holding a type of the program
// with a print method promoted from an embedded package type
// (promotedPrintMethod) that goes into an empty interface or one with
// that method (fmt.Stringer, error), which fmt may get: assigned, declared,
// returned, sent, passed, converted, or an element of a literal. The
// operands of fmt's print functions are lowerFmt's.
func (l *lowerer) refusePromotedIntoIface() {
	var results []*types.Tuple
	var stack []ast.Node
	check := func(target types.Type, e ast.Expr) {
		if target == nil || e == nil || !types.IsInterface(target) {
			return
		}
		t := l.typeOf(e)
		if t == nil || types.IsInterface(t) {
			return
		}
		if from := l.embedsUnexportedMethods(t); from != "" && l.packageInterface(target) {
			qualify := func(p *types.Package) string { return p.Name() }
			l.unsupported(e.Pos(), "storing a "+l.typeString(t, qualify)+", which embeds "+from+", in "+l.typeString(target, qualify)+
				" is not supported by the playground (the interpreter cannot build its methods there); pass the embedded "+from+" itself")
			return
		}
		m, from := l.promotedPrintMethod(t, map[types.Type]bool{})
		if p, ok := t.(*types.Pointer); ok && l.embedsUnexportedMethods(p.Elem()) == "" && !l.promotedHazard(p.Elem(), false, map[types.Type]bool{}) {
			m = "" // a pointer to it: fmt finds the method (time.Month's)
		}
		iface, _ := target.Underlying().(*types.Interface)
		if m != "" && (iface.NumMethods() == 0 || types.NewMethodSet(target).Lookup(nil, m) != nil) {
			qualify := func(p *types.Package) string { return p.Name() }
			l.unsupported(e.Pos(), "storing a "+l.typeString(t, qualify)+", whose "+m+" method comes from an embedded "+from+
				", in an interface is not supported by the playground (the interpreter would not find the method); keep it in a variable of its own type and print the result of its "+m+" method")
		}
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		if n == nil {
			switch stack[len(stack)-1].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				results = results[:len(results)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			sig, _ := under(l.typeOf(funcName(n))).(*types.Signature)
			var res *types.Tuple
			if sig != nil {
				res = sig.Results()
			}
			results = append(results, res)
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
				for i, r := range n.Rhs {
					check(l.typeOf(n.Lhs[i]), r)
				}
			}
		case *ast.ValueSpec:
			for _, v := range n.Values {
				check(l.typeOf(n.Type), v)
			}
		case *ast.ReturnStmt:
			if res := results[len(results)-1]; res != nil && res.Len() == len(n.Results) {
				for i, r := range n.Results {
					check(res.At(i).Type(), r)
				}
			}
		case *ast.SendStmt:
			if ch, ok := under(l.typeOf(n.Chan)).(*types.Chan); ok {
				check(ch.Elem(), n.Value)
			}
		case *ast.CompositeLit:
			l.eachElement(n, check)
		case *ast.CallExpr:
			l.eachArgument(n, check)
		}
		return true
	})
}

// funcName returns what types.Info knows a function declaration or
// literal's type by.
func funcName(n ast.Node) ast.Expr {
	if d, ok := n.(*ast.FuncDecl); ok {
		return d.Name
	}
	return n.(*ast.FuncLit)
}

// eachElement calls check with the type each element (and key) of a
// composite literal goes into.
func (l *lowerer) eachElement(n *ast.CompositeLit, check func(types.Type, ast.Expr)) {
	t := l.typeOf(n)
	if p, ok := under(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	for i, e := range n.Elts {
		kv, isKV := e.(*ast.KeyValueExpr)
		switch u := under(t).(type) {
		case *types.Slice:
			e = valueOf(e)
			check(u.Elem(), e)
		case *types.Array:
			check(u.Elem(), valueOf(e))
		case *types.Map:
			if isKV {
				check(u.Key(), kv.Key)
				check(u.Elem(), kv.Value)
			}
		case *types.Struct:
			if isKV {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := l.info.Uses[id].(*types.Var); ok {
						check(f.Type(), kv.Value)
					}
				}
			} else if i < u.NumFields() {
				check(u.Field(i).Type(), e)
			}
		}
	}
}

// valueOf is the value of a literal's element, without its key.
func valueOf(e ast.Expr) ast.Expr {
	if kv, ok := e.(*ast.KeyValueExpr); ok {
		return kv.Value
	}
	return e
}

// eachArgument calls check with the type each argument of a call goes
// into: the parameter's, a conversion's type, append's and panic's. The
// operands of fmt's print functions are skipped (lowerFmt refuses them).
func (l *lowerer) eachArgument(n *ast.CallExpr, check func(types.Type, ast.Expr)) {
	if l.isConversion(n) {
		if len(n.Args) == 1 {
			check(l.typeOf(n.Fun), n.Args[0])
		}
		return
	}
	switch f := ast.Unparen(n.Fun).(type) {
	case *ast.Ident:
		if b, ok := l.info.Uses[f].(*types.Builtin); ok {
			switch b.Name() {
			case "panic":
				check(types.NewInterfaceType(nil, nil), n.Args[0])
			case "append":
				if s, ok := under(l.typeOf(n)).(*types.Slice); ok && !n.Ellipsis.IsValid() {
					for _, a := range n.Args[1:] {
						check(s.Elem(), a)
					}
				}
			}
			return
		}
	case *ast.SelectorExpr:
		if fn, ok := l.info.Uses[f.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && formatArg(fn.Name()) != -2 {
			if strings.HasPrefix(fn.Name(), "Fprint") && len(n.Args) > 0 {
				check(fn.Type().(*types.Signature).Params().At(0).Type(), n.Args[0]) // the writer
			}
			return
		}
	}
	sig, ok := under(l.typeOf(n.Fun)).(*types.Signature)
	if !ok || n.Ellipsis.IsValid() {
		return
	}
	for i, a := range n.Args {
		switch {
		case sig.Variadic() && i >= sig.Params().Len()-1:
			check(sig.Params().At(sig.Params().Len()-1).Type().(*types.Slice).Elem(), a)
		case i < sig.Params().Len():
			check(sig.Params().At(i).Type(), a)
		}
	}
}

// embedsUnexportedMethods returns the name of a package's concrete type
// with unexported methods (*bytes.Buffer, *strings.Builder) that t, a
// type of the program or a pointer to one, embeds, or "". The interpreter
// cannot put such a value in a package's interface (io.Writer): it looks
// for the unexported methods on the program's type and fails to compile
// ("undefined selector: empty") without a position.
func (l *lowerer) embedsUnexportedMethods(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != l.pkg {
		return ""
	}
	s, ok := n.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range s.NumFields() {
		f := s.Field(i)
		ft := f.Type()
		if p, ok := ft.(*types.Pointer); ok {
			ft = p.Elem()
		}
		fn, ok := types.Unalias(ft).(*types.Named)
		if !f.Embedded() || !ok || fn.Obj().Pkg() == nil || fn.Obj().Pkg() == l.pkg || types.IsInterface(fn) {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(fn))
		for j := range ms.Len() {
			if !ms.At(j).Obj().Exported() {
				return types.TypeString(f.Type(), func(p *types.Package) string { return p.Name() })
			}
		}
	}
	return ""
}
