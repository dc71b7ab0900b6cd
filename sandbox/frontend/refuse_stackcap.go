package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// Since Go 1.25 the gc compiler grows a slice whose backing store does not
// escape its function into a 32-byte buffer on the stack: append gives a
// nil []int capacity 4 where growslice on the heap gives 1, a []byte
// capacity 32 (8 on the heap), a []string 2. The interpreter always grows
// on the heap. Where the program can observe the capacity (cap, the
// sharing of a backing array between two appends, a reslice up to the
// capacity), go run's output would differ from the playground's.
//
// refuseStackCapacity refuses every capacity-sensitive site whose slice
// is not proven to hold only stores whose capacity the interpreter gets
// right:
//
//   - sites: cap(x) of a slice; append(x, …) whose result does not go
//     back to x (a := append(s, 2), return append(s, v)); a 3-index
//     slice of a slice; slices.Grow, Insert, Replace and Clip;
//   - proven: the variable the slice comes from (following a = b,
//     a := b[i:j], a = append(b, …) and the fields of a struct value)
//     definitely escapes to the heap, as gc's flow-insensitive escape
//     analysis sees it (an argument of fmt's and log's printing functions
//     or of panic, stored in a package-level variable, through a pointer,
//     in a slice's element, a map or an appended element, sent on a
//     channel, used by a go statement, or passed to a parameter of the
//     program's functions that definitely escapes); or every value that
//     can reach it has a capacity fixed by the program (nil, a composite
//     literal, make, an array), the values of a parameter being the
//     arguments of the function's calls.
//
// Elements of more than 32 bytes are never grown on the stack.
func (l *lowerer) refuseStackCapacity() {
	a := &capFlow{
		l:        l,
		edges:    map[*types.Var][]*types.Var{},
		escapes:  map[*types.Var]bool{},
		origins:  map[*types.Var][]ast.Expr{},
		bad:      map[*types.Var]bool{},
		callArgs: map[*types.Var][]ast.Expr{},
		asValue:  map[*types.Func]bool{},
		backs:    map[*ast.CallExpr]bool{},

		fieldVars: map[*types.Var][]*types.Var{},
		fieldLits: map[*types.Var][]ast.Expr{},
	}
	sites := a.collect()
	if len(sites) == 0 {
		return
	}
	a.solveEscapes()
	a.solveGood()
	for _, s := range sites {
		if !a.exprGood(s.x) {
			l.unsupported(s.at, s.what+" is not supported by the playground (go run keeps the first growth of such a slice on the stack, with a different capacity); do not depend on its capacity, or print the slice with fmt in its function")
		}
	}
}

type capSite struct {
	at   token.Pos
	x    ast.Expr
	what string
}

type capFlow struct {
	l *lowerer
	// edges[x] lists the variables x's value flows into.
	edges   map[*types.Var][]*types.Var
	escapes map[*types.Var]bool
	// origins lists the expressions whose values a variable takes; bad
	// marks one that takes a value of unknown capacity.
	origins  map[*types.Var][]ast.Expr
	bad      map[*types.Var]bool
	callArgs map[*types.Var][]ast.Expr // a parameter's arguments at the calls of its function
	asValue  map[*types.Func]bool      // functions used other than by calling them
	backs    map[*ast.CallExpr]bool    // appends assigned back to their first operand
	good     map[*types.Var]bool
	// The values a struct field takes other than through a pointer (which
	// puts them on the heap): the local variables stored into through the
	// field, and the field's values in composite literals.
	fieldVars map[*types.Var][]*types.Var
	fieldLits map[*types.Var][]ast.Expr
}

// local returns the variable e names when it is a local variable or a
// parameter of the program.
func (a *capFlow) local(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, ok := a.l.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pkg() != a.l.pkg || v.Parent() == a.l.pkg.Scope() || v.Parent() == nil {
		return nil
	}
	return v
}

// flows returns the local variables whose values (or backing stores)
// flow into the value of e.
func (a *capFlow) flows(e ast.Expr) []*types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v := a.local(e); v != nil {
			return []*types.Var{v}
		}
	case *ast.SelectorExpr:
		if sel := a.l.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal && !sel.Indirect() {
			return a.flows(e.X)
		}
	case *ast.SliceExpr:
		switch a.under(e.X).(type) {
		case *types.Slice, *types.Array:
			return a.flows(e.X)
		}
	case *ast.IndexExpr:
		if _, ok := a.under(e.X).(*types.Array); ok {
			return a.flows(e.X)
		}
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return a.flows(e.X)
		}
	case *ast.CompositeLit:
		var vs []*types.Var
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			vs = append(vs, a.flows(el)...)
		}
		return vs
	case *ast.CallExpr:
		if a.conversion(e) || a.builtin(e, "append") {
			return a.flows(e.Args[0])
		}
	}
	return nil
}

// under is the underlying type of e's type, nil when it has none.
func (a *capFlow) under(e ast.Expr) types.Type {
	t := a.l.typeOf(e)
	if t == nil {
		return nil
	}
	return t.Underlying()
}

func (a *capFlow) conversion(call *ast.CallExpr) bool {
	tv, ok := a.l.info.Types[call.Fun]
	return ok && tv.IsType() && len(call.Args) == 1
}

func (a *capFlow) builtin(call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	_, ok = a.l.info.Uses[id].(*types.Builtin)
	return ok && len(call.Args) > 0
}

// sink records that the value of e definitely goes to the heap.
func (a *capFlow) sink(e ast.Expr) {
	for _, v := range a.flows(e) {
		a.escapes[v] = true
	}
}

// target returns the local variable an assignment to lhs stores into
// (through fields of struct values and elements of arrays), or nil when
// the store goes to the heap (a package-level variable, through a
// pointer, into a slice's element or a map).
func (a *capFlow) target(lhs ast.Expr) *types.Var {
	switch e := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		return a.local(e)
	case *ast.SelectorExpr:
		if sel := a.l.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal && !sel.Indirect() {
			return a.target(e.X)
		}
	case *ast.IndexExpr:
		if _, ok := a.under(e.X).(*types.Array); ok {
			return a.target(e.X)
		}
	}
	return nil
}

func (a *capFlow) assign(lhs, rhs ast.Expr) {
	if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && id.Name == "_" {
		return
	}
	v := a.target(lhs)
	if v == nil {
		a.sink(rhs)
		return
	}
	for _, x := range a.flows(rhs) {
		a.edges[x] = append(a.edges[x], v)
	}
	a.origins[v] = append(a.origins[v], rhs)
	for e := ast.Unparen(lhs); ; {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if sel := a.l.info.Selections[x]; sel != nil {
				if f, ok := sel.Obj().(*types.Var); ok {
					a.fieldVars[f] = append(a.fieldVars[f], v)
				}
			}
			e = ast.Unparen(x.X)
			continue
		case *ast.IndexExpr:
			e = ast.Unparen(x.X)
			continue
		}
		break
	}
}

// fieldGood reports whether every value field f takes has the capacity
// go run gives it (those stored through pointers are on the heap).
func (a *capFlow) fieldGood(f *types.Var) bool {
	for _, v := range a.fieldVars[f] {
		if good, known := a.good[v]; known && !good {
			return false
		}
	}
	for _, e := range a.fieldLits[f] {
		if !a.exprGood(e) {
			return false
		}
	}
	return true
}

// assignUnknown records that the variable lhs stores into takes a value
// of unknown capacity.
func (a *capFlow) assignUnknown(lhs ast.Expr) {
	if v := a.target(lhs); v != nil {
		a.bad[v] = true
	}
}

// staticCallee returns the program's function or method call calls, the
// receiver expression for a method.
func (a *capFlow) staticCallee(call *ast.CallExpr) (*types.Func, ast.Expr) {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if fn, ok := a.l.info.Uses[f].(*types.Func); ok && fn.Pkg() == a.l.pkg {
			return fn.Origin(), nil
		}
	case *ast.IndexExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if fn, ok := a.l.info.Uses[id].(*types.Func); ok && fn.Pkg() == a.l.pkg {
				return fn.Origin(), nil
			}
		}
	case *ast.IndexListExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if fn, ok := a.l.info.Uses[id].(*types.Func); ok && fn.Pkg() == a.l.pkg {
				return fn.Origin(), nil
			}
		}
	case *ast.SelectorExpr:
		if sel := a.l.info.Selections[f]; sel != nil && sel.Kind() == types.MethodVal && !types.IsInterface(sel.Recv()) {
			if fn, ok := sel.Obj().(*types.Func); ok && fn.Pkg() == a.l.pkg {
				return fn.Origin(), f.X
			}
		}
	}
	return nil, nil
}

// heapPrinter reports whether call is one of the package functions whose
// arguments always go to the heap (fmt's and log's printing functions).
func (a *capFlow) heapPrinter(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	pn, ok := a.l.info.Uses[id].(*types.PkgName)
	if !ok {
		return false
	}
	name := sel.Sel.Name
	switch pn.Imported().Path() {
	case "fmt":
		return strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Sprint") ||
			strings.HasPrefix(name, "Fprint") || name == "Errorf"
	case "log":
		return strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Panic")
	}
	return false
}

func (a *capFlow) fprint(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && strings.HasPrefix(sel.Sel.Name, "Fprint")
}

func (a *capFlow) call(call *ast.CallExpr) {
	switch {
	case a.builtin(call, "append"):
		if !call.Ellipsis.IsValid() {
			for _, arg := range call.Args[1:] {
				a.sink(arg)
			}
		}
		return
	case a.builtin(call, "panic"), a.heapPrinter(call):
		for i, arg := range call.Args {
			if i == 0 && a.fprint(call) {
				continue // the writer
			}
			a.sink(arg)
		}
		return
	}
	fn, recv := a.staticCallee(call)
	if fn == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	if recv != nil && sig.Recv() != nil {
		for _, x := range a.flows(recv) {
			a.edges[x] = append(a.edges[x], sig.Recv())
		}
	}
	params := sig.Params()
	for i, arg := range call.Args {
		j := i
		if j >= params.Len() {
			j = params.Len() - 1
		}
		if j < 0 {
			break
		}
		p := params.At(j)
		for _, x := range a.flows(arg) {
			a.edges[x] = append(a.edges[x], p)
		}
		if sig.Variadic() && j == params.Len()-1 && !call.Ellipsis.IsValid() {
			a.bad[p] = true
			continue
		}
		a.callArgs[p] = append(a.callArgs[p], arg)
	}
}

// collect walks the program once: flows, stores to the heap, the values
// of variables, and the capacity-sensitive sites.
func (a *capFlow) collect() []capSite {
	l := a.l
	var sites []capSite
	calls := map[*ast.Ident]bool{}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			switch f := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				calls[f] = true
			case *ast.IndexExpr:
				if id, ok := f.X.(*ast.Ident); ok {
					calls[id] = true
				}
			case *ast.IndexListExpr:
				if id, ok := f.X.(*ast.Ident); ok {
					calls[id] = true
				}
			case *ast.SelectorExpr:
				calls[f.Sel] = true
			}
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				break
			}
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					a.assign(n.Lhs[i], n.Rhs[i])
					if n.Tok == token.ASSIGN {
						if call, ok := ast.Unparen(n.Rhs[i]).(*ast.CallExpr); ok && a.builtin(call, "append") && a.sameSlice(n.Lhs[i], call.Args[0]) {
							a.backs[call] = true
						}
					}
				}
				break
			}
			for _, lhs := range n.Lhs {
				if u, ok := ast.Unparen(n.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
					continue // received: sent to the heap
				}
				if idx, ok := ast.Unparen(n.Rhs[0]).(*ast.IndexExpr); ok {
					if _, isMap := a.under(idx.X).(*types.Map); isMap {
						if v := a.target(lhs); v != nil {
							a.origins[v] = append(a.origins[v], n.Rhs[0])
						}
						continue
					}
				}
				a.assignUnknown(lhs)
			}
		case *ast.ValueSpec:
			if len(n.Values) == len(n.Names) {
				for i := range n.Names {
					a.assign(n.Names[i], n.Values[i])
				}
			} else if len(n.Values) > 0 {
				for _, id := range n.Names {
					a.assignUnknown(id)
				}
			}
		case *ast.RangeStmt:
			var over ast.Expr
			switch a.under(n.X).(type) {
			case *types.Slice, *types.Array, *types.Map:
				over = n.X
			case *types.Pointer, *types.Chan:
				over = n.X
			}
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if e == nil {
					continue
				}
				if v := a.target(e); v != nil {
					if over != nil {
						a.origins[v] = append(a.origins[v], &ast.IndexExpr{X: over, Index: ast.NewIdent("_")})
					} else {
						a.bad[v] = true
					}
				} else if _, ok := ast.Unparen(e).(*ast.Ident); !ok {
					// Stored through a pointer or into a container:
					// the element goes to the heap.
					a.sink(&ast.IndexExpr{X: n.X, Index: ast.NewIdent("_")})
				}
			}
		case *ast.CompositeLit:
			if st, ok := a.under(n).(*types.Struct); ok {
				for i, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if f, ok := a.l.info.ObjectOf(id).(*types.Var); ok {
								a.fieldLits[f] = append(a.fieldLits[f], kv.Value)
							}
						}
					} else if i < st.NumFields() {
						a.fieldLits[st.Field(i)] = append(a.fieldLits[st.Field(i)], el)
					}
				}
			}
		case *ast.SendStmt:
			a.sink(n.Value)
		case *ast.GoStmt:
			a.sink(n.Call.Fun)
			for _, arg := range n.Call.Args {
				a.sink(arg)
			}
			if sel, ok := ast.Unparen(n.Call.Fun).(*ast.SelectorExpr); ok {
				a.sink(sel.X)
			}
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				ast.Inspect(lit.Body, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok {
						if v := a.local(id); v != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
							a.escapes[v] = true
						}
					}
					return true
				})
			}
		case *ast.FuncLit:
			for _, f := range n.Type.Params.List {
				for _, id := range f.Names {
					if v := a.local(id); v != nil {
						a.bad[v] = true
					}
				}
			}
		case *ast.FuncDecl:
			fn, _ := l.info.Defs[n.Name].(*types.Func)
			if fn == nil {
				break
			}
			sig, _ := fn.Type().(*types.Signature)
			if sig == nil {
				break
			}
			if sig.Recv() != nil {
				// A method may be called through an interface.
				a.bad[sig.Recv()] = true
				for i := 0; i < sig.Params().Len(); i++ {
					a.bad[sig.Params().At(i)] = true
				}
			}
		}
		if call, ok := n.(*ast.CallExpr); ok {
			a.call(call)
			sites = append(sites, a.callSites(call)...)
		}
		if s, ok := n.(*ast.SliceExpr); ok && s.Slice3 {
			if _, ok := coreSlice(a.l.typeOf(s.X)); ok && !a.withinLen(s.X, s.Max) {
				sites = append(sites, capSite{s.Pos(), s.X, "a 3-index slice of a slice that stays in its function"})
			}
		}
		return true
	})
	// The program's functions used as values (and methods, above) have
	// callers the analysis does not see.
	for id, obj := range l.info.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == l.pkg && !calls[id] {
			a.asValue[fn.Origin()] = true
		}
	}
	for fn := range a.asValue {
		sig := fn.Type().(*types.Signature)
		for i := 0; i < sig.Params().Len(); i++ {
			a.bad[sig.Params().At(i)] = true
		}
	}
	// The appends' sites are known once all assignments are seen.
	kept := sites[:0]
	for _, s := range sites {
		if call, ok := s.x.(*ast.CallExpr); ok && a.builtin(call, "append") {
			if a.backs[call] || a.fresh(call.Args[0]) {
				continue
			}
			s.x = call.Args[0]
		}
		if a.affected(a.l.typeOf(s.x)) {
			kept = append(kept, s)
		}
	}
	return kept
}

// callSites returns the capacity-sensitive sites of call (an append's
// site carries the call itself until the assignments are known).
func (a *capFlow) callSites(call *ast.CallExpr) []capSite {
	switch {
	case a.builtin(call, "cap"):
		if t := a.l.typeOf(call.Args[0]); t != nil {
			if _, ok := coreSlice(t); ok {
				return []capSite{{call.Pos(), call.Args[0], "the capacity of a slice that stays in its function"}}
			}
		}
	case a.builtin(call, "append"):
		return []capSite{{call.Pos(), call, "an append to a slice that stays in its function, its result not assigned back to the slice,"}}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	if pn, ok := a.l.info.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == "slices" {
		switch sel.Sel.Name {
		case "Grow", "Insert", "Replace", "Clip":
			return []capSite{{call.Pos(), call.Args[0], "slices." + sel.Sel.Name + " of a slice that stays in its function"}}
		}
	}
	return nil
}

// sameSlice reports whether x (an append's first operand) is lhs or
// lhs[:j] (the delete idiom s = append(s[:i], s[i+1:]...)).
func (a *capFlow) sameSlice(lhs, x ast.Expr) bool {
	x = ast.Unparen(x)
	if s, ok := x.(*ast.SliceExpr); ok && !s.Slice3 && (s.Low == nil || a.isZero(s.Low)) {
		x = s.X
	}
	return types.ExprString(ast.Unparen(lhs)) == types.ExprString(ast.Unparen(x)) && sameObjects(a.l.info, lhs, x)
}

// sameObjects reports whether the identifiers of two expressions that
// print alike name the same objects.
func sameObjects(info *types.Info, x, y ast.Expr) bool {
	var xs, ys []types.Object
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			xs = append(xs, info.ObjectOf(id))
		}
		return true
	})
	ast.Inspect(y, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			ys = append(ys, info.ObjectOf(id))
		}
		return true
	})
	if len(xs) != len(ys) {
		return false
	}
	for i := range xs {
		if xs[i] != ys[i] {
			return false
		}
	}
	return true
}

func (a *capFlow) isZero(e ast.Expr) bool {
	tv, ok := a.l.info.Types[e]
	return ok && tv.Value != nil && constant.Sign(tv.Value) == 0
}

// withinLen reports whether a 3-index slice's max is 0 or len(x).
func (a *capFlow) withinLen(x, max ast.Expr) bool {
	if a.isZero(max) {
		return true
	}
	call, ok := ast.Unparen(max).(*ast.CallExpr)
	return ok && a.builtin(call, "len") && types.ExprString(call.Args[0]) == types.ExprString(x) && sameObjects(a.l.info, call.Args[0], x)
}

// fresh reports whether an append's first operand is a value no other
// part of the program holds (nil, a composite literal, make).
func (a *capFlow) fresh(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == "nil" && a.l.info.Uses[e] == types.Universe.Lookup("nil")
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		if a.conversion(e) {
			return a.fresh(e.Args[0])
		}
		return a.builtin(e, "make")
	}
	return false
}

// affected reports whether appends to a slice of type t may be grown on
// the stack: elements of at most 32 bytes, or whose size is not known.
func (a *capFlow) affected(t types.Type) bool {
	if t == nil {
		return true
	}
	s, ok := coreSlice(t)
	if !ok {
		return true
	}
	if mentionsTypeParam(s.Elem()) {
		return true
	}
	return sizes.Sizeof(s.Elem()) <= 32
}

func coreSlice(t types.Type) (*types.Slice, bool) {
	if t == nil {
		return nil, false
	}
	if tp, ok := t.(*types.TypeParam); ok {
		var s *types.Slice
		iface, _ := tp.Constraint().Underlying().(*types.Interface)
		if iface == nil {
			return nil, false
		}
		for i := 0; i < iface.NumEmbeddeds(); i++ {
			switch e := iface.EmbeddedType(i).(type) {
			case *types.Union:
				for j := 0; j < e.Len(); j++ {
					if ss, isS := e.Term(j).Type().Underlying().(*types.Slice); isS {
						s = ss
					}
				}
			default:
				if ss, isS := e.Underlying().(*types.Slice); isS {
					s = ss
				}
			}
		}
		return s, s != nil
	}
	s, ok := t.Underlying().(*types.Slice)
	return s, ok
}

func mentionsTypeParam(t types.Type) bool {
	found := false
	var walk func(types.Type, int)
	walk = func(t types.Type, depth int) {
		if found || depth > 8 {
			return
		}
		switch t := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Named:
			if t.TypeArgs() != nil {
				for i := 0; i < t.TypeArgs().Len(); i++ {
					walk(t.TypeArgs().At(i), depth+1)
				}
			}
			walk(t.Underlying(), depth+1)
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				walk(t.Field(i).Type(), depth+1)
			}
		case *types.Array:
			walk(t.Elem(), depth+1)
		}
	}
	walk(t, 0)
	return found
}

// solveEscapes spreads escaping back along the flows: a variable whose
// value flows into one that escapes escapes too.
func (a *capFlow) solveEscapes() {
	rev := map[*types.Var][]*types.Var{}
	for x, ys := range a.edges {
		for _, y := range ys {
			rev[y] = append(rev[y], x)
		}
	}
	var work []*types.Var
	for v := range a.escapes {
		work = append(work, v)
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, x := range rev[v] {
			if !a.escapes[x] {
				a.escapes[x] = true
				work = append(work, x)
			}
		}
	}
}

// solveGood finds the variables whose values are all of a capacity the
// interpreter gets right: the greatest set closed under their origins.
func (a *capFlow) solveGood() {
	a.good = map[*types.Var]bool{}
	var vars []*types.Var
	seen := map[*types.Var]bool{}
	add := func(v *types.Var) {
		if v != nil && !seen[v] {
			seen[v] = true
			vars = append(vars, v)
		}
	}
	for v := range a.origins {
		add(v)
	}
	for v := range a.bad {
		add(v)
	}
	for v := range a.callArgs {
		add(v)
	}
	for v := range a.escapes {
		add(v)
	}
	for _, v := range vars {
		a.good[v] = a.escapes[v] || !a.bad[v]
	}
	// rdeps[u] lists the variables whose origins read u.
	rdeps := map[*types.Var][]*types.Var{}
	var reads func(e ast.Node, v *types.Var, depth int)
	reads = func(e ast.Node, v *types.Var, depth int) {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if u := a.local(n); u != nil {
					rdeps[u] = append(rdeps[u], v)
				}
			case *ast.SelectorExpr:
				if sel := a.l.info.Selections[n]; sel != nil && sel.Kind() == types.FieldVal && sel.Indirect() && depth < 4 {
					f := sel.Obj().(*types.Var)
					for _, u := range a.fieldVars[f] {
						rdeps[u] = append(rdeps[u], v)
					}
					for _, lit := range a.fieldLits[f] {
						reads(lit, v, depth+1)
					}
				}
			}
			return true
		})
	}
	for _, v := range vars {
		for _, e := range a.origins[v] {
			reads(e, v, 0)
		}
		for _, e := range a.callArgs[v] {
			reads(e, v, 0)
		}
	}
	work := append([]*types.Var(nil), vars...)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if !a.good[v] || a.escapes[v] {
			continue
		}
		for _, e := range append(append([]ast.Expr(nil), a.origins[v]...), a.callArgs[v]...) {
			if !a.exprGood(e) {
				a.good[v] = false
				work = append(work, rdeps[v]...)
				break
			}
		}
	}
}

// exprGood reports whether every backing store the value of e can hold
// has the capacity go run gives it.
func (a *capFlow) exprGood(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if e.Name == "nil" && a.l.info.Uses[e] == types.Universe.Lookup("nil") {
			return true
		}
		v, ok := a.l.info.ObjectOf(e).(*types.Var)
		if !ok {
			return true
		}
		if a.local(e) == nil {
			return true // a package-level variable: on the heap
		}
		good, known := a.good[v]
		return !known || good
	case *ast.BasicLit, *ast.FuncLit:
		return true
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if !a.exprGood(el) {
				return false
			}
		}
		return true
	case *ast.SelectorExpr:
		if sel := a.l.info.Selections[e]; sel != nil {
			if sel.Kind() != types.FieldVal {
				return false
			}
			if sel.Indirect() {
				return a.fieldGood(sel.Obj().(*types.Var))
			}
			return a.exprGood(e.X)
		}
		return a.exprGood(e.Sel) // a package's variable
	case *ast.SliceExpr:
		if t := a.l.typeOf(e.X); t != nil {
			if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				return true
			}
		}
		return a.exprGood(e.X)
	case *ast.IndexExpr:
		// The elements stored through an index go to the heap; those of
		// a composite literal are checked with it.
		return a.exprGood(e.X)
	case *ast.StarExpr:
		return a.exprGood(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return a.exprGood(e.X)
		}
		// A value received from a channel was sent to the heap.
		return true
	case *ast.BinaryExpr:
		return true
	case *ast.CallExpr:
		if a.conversion(e) {
			from := a.l.typeOf(e.Args[0])
			if from != nil {
				if b, ok := from.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
					// []byte("…") and []rune("…") get a stack buffer too.
					return !a.holdsSlice(a.l.typeOf(e))
				}
			}
			return a.exprGood(e.Args[0])
		}
		if a.builtin(e, "make") || a.builtin(e, "len") || a.builtin(e, "cap") || a.builtin(e, "new") {
			return true
		}
		return !a.holdsSlice(a.l.typeOf(e))
	case *ast.TypeAssertExpr:
		return !a.holdsSlice(a.l.typeOf(e))
	}
	return !a.holdsSlice(a.l.typeOf(e))
}

// holdsSlice reports whether a value of type t can carry a slice's
// backing store (conservatively).
func (a *capFlow) holdsSlice(t types.Type) bool {
	seen := map[types.Type]bool{}
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		if t == nil {
			return true
		}
		if seen[t] {
			return false
		}
		seen[t] = true
		switch u := t.Underlying().(type) {
		case *types.Basic:
			return false
		case *types.Slice:
			return true
		case *types.Array:
			return walk(u.Elem())
		case *types.Pointer:
			return walk(u.Elem())
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				if walk(u.Field(i).Type()) {
					return true
				}
			}
			return false
		case *types.Map:
			return walk(u.Key()) || walk(u.Elem())
		case *types.Chan:
			return walk(u.Elem())
		case *types.Tuple:
			for i := 0; i < u.Len(); i++ {
				if walk(u.At(i).Type()) {
					return true
				}
			}
			return false
		}
		return true // interfaces, funcs, type parameters
	}
	return walk(t)
}
