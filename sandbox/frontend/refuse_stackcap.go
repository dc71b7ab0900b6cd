package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Since Go 1.25 the gc compiler grows a slice whose backing store does not
// escape its function into a 32-byte buffer on the stack: append gives a
// nil []int capacity 4 where growslice on the heap gives 1, a []byte 32
// (8 on the heap), a []string 2; and since Go 1.26 a slice grown by
// appends and then returned or copied once (s = append(s, …) twice, then
// return s, t := s or g = s) is grown on the stack and moved to the heap
// with a capacity rounded to its allocation size (3 for three ints, where
// growslice gives 4). The interpreter always grows on the heap. Where the
// program can observe the capacity (cap, the sharing of a backing array
// between two appends, a 3-index slice), go run's output would differ.
//
// refuseStackCapacity refuses each of those sites (cap of a slice, an
// append whose result is not assigned back to its operand, a 3-index slice
// of a slice, slices.Grow, Insert, Replace and Clip) unless every value
// the slice can hold has the capacity the interpreter gives it: values
// built from nil, composite literals, make, arrays and the program's own
// variables, fields and parameters of such values, where a variable or
// parameter that grows by append is passed to fmt in its function (its
// backing stores are then on the heap, grown by growslice). A variable
// whose address is taken, assigned from anything else (a call of the
// program's functions, a map, a channel, a range) or a parameter of a
// method or of a function used as a value is of unknown capacity.
// Elements of more than 32 bytes, or of none, are never grown on the
// stack.
func (l *lowerer) refuseStackCapacity() {
	c := &capCheck{l: l, origins: map[types.Object][]capOrigin{}, bad: map[types.Object]bool{}, back: map[ast.Node]bool{}}
	called := map[*ast.Ident]bool{}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				break
			}
			for i, lhs := range n.Lhs {
				if x, ok := ast.Unparen(lhs).(*ast.StarExpr); ok {
					_, slice := under(l.typeOf(x)).(*types.Slice)
					c.derefs = c.derefs || slice
				}
				if len(n.Lhs) != len(n.Rhs) {
					c.store(lhs, nil)
					continue
				}
				c.store(lhs, n.Rhs[i])
				if call, ok := ast.Unparen(n.Rhs[i]).(*ast.CallExpr); ok && c.builtin(call, "append") {
					x := ast.Unparen(call.Args[0])
					if s, ok := x.(*ast.SliceExpr); ok && s.Low == nil && !s.Slice3 {
						x = s.X // the delete idiom s = append(s[:i], s[i+1:]...)
					}
					if n.Tok == token.ASSIGN && types.ExprString(x) == types.ExprString(lhs) || types.ExprString(lhs) == "_" {
						c.back[call] = true
						c.grows = append(c.grows, capSite{call.Fun, lhs, "an append to a slice that may share its array with another slice"})
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if len(n.Values) == len(n.Names) {
					c.store(id, n.Values[i])
				} else if len(n.Values) > 0 {
					c.store(id, nil)
				}
			}
		case *ast.RangeStmt:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && l.isPackageFunc(call.Fun, "slices", "Chunk") {
				// Each chunk's capacity is its length.
				k, _ := c.key(n.Key)
				c.add(k, &ast.CompositeLit{}, false)
			} else {
				c.store(n.Key, nil)
			}
			c.store(n.Value, nil)
		case *ast.CaseClause:
			c.mark(l.info.Implicits[n])
			c.deadAfter(n.Body)
		case *ast.CommClause:
			c.deadAfter(n.Body)
		case *ast.BlockStmt:
			c.deadAfter(n.List)
		case *ast.IfStmt:
			if c.static(n.Cond) {
				c.dead = append(c.dead, [2]token.Pos{n.Body.Pos(), n.End()})
			}
		case *ast.ForStmt:
			if n.Cond != nil && c.static(n.Cond) {
				c.dead = append(c.dead, [2]token.Pos{n.Body.Pos(), n.End()})
			}
		case *ast.UnaryExpr:
			if k, _ := c.key(n.X); k != nil && n.Op == token.AND {
				c.addrs = append(c.addrs, k)
			}
		case *ast.SliceExpr:
			if n.Slice3 {
				c.site(n, n.X, "a 3-index slice of a slice that go run may grow on the stack")
			}
		case *ast.SendStmt:
			c.sinks = append(c.sinks, n.Value)
		case *ast.CompositeLit:
			if st, ok := under(l.typeOf(n)).(*types.Struct); ok {
				for i, el := range n.Elts {
					f := types.Object(nil)
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						f, el = l.info.ObjectOf(kv.Key.(*ast.Ident)), kv.Value
					} else if i < st.NumFields() {
						f = st.Field(i)
					}
					c.add(f, el, false)
				}
			}
		case *ast.FuncLit:
			c.lits = append(c.lits, [2]token.Pos{n.Pos(), n.End()})
			c.markFields(n.Type.Params)
			c.markFields(n.Type.Results)
		case *ast.FuncDecl:
			c.markFields(n.Type.Results)
			fn := l.info.Defs[n.Name]
			if n.Recv != nil || n.Body == nil {
				// A method may be called through an interface.
				c.markFields(n.Recv)
				c.markFields(n.Type.Params)
				break
			}
			// A function's result takes the values it returns.
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if r, ok := m.(*ast.ReturnStmt); ok {
					if len(r.Results) != 1 {
						c.mark(fn)
					} else {
						c.origins[fn] = append(c.origins[fn], capOrigin{r.Results[0], false})
					}
				}
				_, lit := m.(*ast.FuncLit)
				return !lit
			})
		case *ast.SelectorExpr:
			// A method with a pointer receiver takes its operand's address.
			if sel := l.info.Selections[n]; sel != nil && sel.Kind() == types.MethodVal && !sel.Indirect() {
				_, ptr := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer)
				if k, _ := c.key(n.X); k != nil && ptr {
					c.addrs = append(c.addrs, k)
				}
			}
		case *ast.CallExpr:
			c.call(n, called)
		}
		return true
	})
	// A variable whose address is taken may be stored through it.
	for _, k := range c.addrs {
		c.bad[k] = c.bad[k] || c.derefs
	}
	// The program's functions used as values have calls the analysis does
	// not see.
	for id, obj := range l.info.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == l.pkg && !called[id] {
			ps := fn.Origin().Type().(*types.Signature).Params()
			for i := 0; i < ps.Len(); i++ {
				c.bad[ps.At(i)] = true
			}
		}
	}
	// The greatest set of variables and fields whose values all have the
	// interpreter's capacity.
	heap := map[types.Object]bool{}
	for v := range c.origins {
		heap[v] = c.escapes(v)
	}
	for again := true; again; {
		again = false
		for v, os := range c.origins {
			if c.bad[v] {
				continue
			}
			for _, o := range os {
				if !c.ok(o.e, heap[v] || o.heap) {
					c.bad[v], again = true, true
					break
				}
			}
		}
	}
	// Appending in place writes into the array other slices may share.
	for _, s := range c.grows {
		if k, _ := c.key(s.x); k != nil && c.bad[k] && c.shared(k) {
			c.site(s.call, s.x, s.what)
		}
	}
	for _, s := range c.sites {
		if !c.back[s.call] && !c.ok(s.x, false) {
			l.unsupported(s.call.Pos(), s.what+" is not supported by the playground (go run keeps the first growth of such a slice on the stack, with a different capacity); do not depend on its capacity, or print the slice with fmt in its function")
		}
	}
}

type capCheck struct {
	l       *lowerer
	origins map[types.Object][]capOrigin // the values stored into a variable or field
	bad     map[types.Object]bool        // of unknown capacity
	back    map[ast.Node]bool            // appends assigned back to their operand
	sinks   []ast.Expr                   // values passed to fmt or sent on a channel
	addrs   []types.Object               // variables and fields whose address is taken
	derefs  bool                         // a slice is stored through a pointer
	params  []capArg                     // the arguments of the program's functions
	dead    [][2]token.Pos               // code gc drops before escape analysis
	lits    [][2]token.Pos               // function literals
	sites   []capSite
	grows   []capSite // appends assigned back
}

type capOrigin struct {
	e    ast.Expr
	heap bool // stored through a pointer
}

type capSite struct {
	call ast.Node // the site's call
	x    ast.Expr // the slice
	what string
}

type capArg struct {
	p   types.Object
	arg ast.Expr
}

// key returns the program's variable or field e names, or nil.
func (c *capCheck) key(e ast.Expr) (types.Object, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := c.l.info.ObjectOf(e).(*types.Var); ok && v.Pkg() == c.l.pkg && e.Name != "_" {
			return v, false
		}
	case *ast.SelectorExpr:
		if sel := c.l.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal && sel.Obj().Pkg() == c.l.pkg {
			return sel.Obj().(*types.Var).Origin(), sel.Indirect()
		}
	}
	return nil, false
}

// store records that what lhs names takes the value of rhs (nil: a value
// of unknown capacity).
func (c *capCheck) store(lhs, rhs ast.Expr) {
	if lhs == nil {
		return
	}
	k, heap := c.key(lhs)
	if rhs == nil {
		c.mark(k)
	}
	c.add(k, rhs, heap)
}

func (c *capCheck) add(k types.Object, e ast.Expr, heap bool) {
	if v, ok := k.(*types.Var); ok && e != nil && v.Pkg() == c.l.pkg {
		k = v.Origin()
		c.origins[k] = append(c.origins[k], capOrigin{e, heap})
	}
}

func (c *capCheck) mark(k types.Object) {
	if k != nil {
		c.bad[k] = true
	}
}

func (c *capCheck) markFields(fl *ast.FieldList) {
	if fl != nil {
		for _, f := range fl.List {
			for _, id := range f.Names {
				c.mark(c.l.info.Defs[id])
			}
		}
	}
}

func (c *capCheck) builtin(call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	_, isB := c.l.info.Uses[id].(*types.Builtin)
	return ok && isB && id.Name == name && len(call.Args) > 0
}

// call records a call's sites, the values it sends to fmt and the
// arguments of the program's functions.
func (c *capCheck) call(call *ast.CallExpr, called map[*ast.Ident]bool) {
	l := c.l
	switch {
	case c.builtin(call, "cap"):
		c.site(call, call.Args[0], "the capacity of a slice that go run may grow on the stack")
	case c.builtin(call, "append"):
		c.site(call, call.Args[0], "an append to a slice that go run may grow on the stack, its result not assigned back to the slice,")
	}
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok {
		fun = ix.X
	} else if ix, ok := fun.(*ast.IndexListExpr); ok {
		fun = ix.X
	}
	switch f := fun.(type) {
	case *ast.SelectorExpr:
		called[f.Sel] = true
		if !l.packageFunc(call) {
			break
		}
		switch path := l.info.Uses[f.X.(*ast.Ident)].(*types.PkgName).Imported().Path(); {
		case path == "fmt" || path == "log":
			c.sinks = append(c.sinks, call.Args...)
		case path == "slices" && len(call.Args) > 0:
			switch f.Sel.Name {
			case "Grow", "Insert", "Replace", "Clip":
				c.site(call, call.Args[0], "slices."+f.Sel.Name+" of a slice that go run may grow on the stack")
			}
		}
	case *ast.Ident:
		called[f] = true
		fn, ok := l.info.Uses[f].(*types.Func)
		if !ok || fn.Pkg() != l.pkg {
			break
		}
		sig := fn.Origin().Type().(*types.Signature)
		ps := sig.Params()
		for i := 0; i < ps.Len(); i++ {
			p := ps.At(i)
			if i >= len(call.Args) || len(call.Args) != ps.Len() && !sig.Variadic() || sig.Variadic() && i == ps.Len()-1 && !call.Ellipsis.IsValid() {
				c.mark(p)
				continue
			}
			c.add(p, call.Args[i], false)
			c.params = append(c.params, capArg{p, call.Args[i]})
		}
	}
}

func (c *capCheck) site(at ast.Node, x ast.Expr, what string) {
	switch t := under(c.l.typeOf(x)).(type) {
	case *types.Slice:
		if size := sizes.Sizeof(t.Elem()); size == 0 || size > 32 {
			return
		}
	case *types.Array, *types.Pointer, *types.Chan:
		return
	}
	c.sites = append(c.sites, capSite{at, x, what})
}

// ok reports whether every value of e has the capacity the interpreter
// gives it, heap telling that the value goes to the heap.
func (c *capCheck) ok(e ast.Expr, heap bool) bool {
	l := c.l
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.Ident:
		if l.typeAndValue(e).IsNil() {
			return true
		}
		k, _ := c.key(e)
		return k != nil && !c.bad[k]
	case *ast.SelectorExpr:
		k, _ := c.key(e)
		return k != nil && !c.bad[k]
	case *ast.SliceExpr:
		switch under(l.typeOf(e.X)).(type) {
		case *types.Array, *types.Pointer: // an array, or a pointer to one
			return true
		case *types.Slice:
			return c.ok(e.X, heap)
		}
	case *ast.CallExpr:
		if l.typeAndValue(e.Fun).IsType() {
			if b, ok := under(l.typeOf(e.Args[0])).(*types.Basic); ok && b.Info()&types.IsString != 0 {
				return heap // []byte("…") gets a stack buffer too
			}
			return c.ok(e.Args[0], heap)
		}
		if c.builtin(e, "make") {
			return true
		}
		if c.builtin(e, "append") {
			// An append with ... never grows on the stack.
			return (heap || e.Ellipsis.IsValid()) && c.ok(e.Args[0], heap)
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if fn, ok := l.info.Uses[id].(*types.Func); ok && fn.Pkg() == l.pkg {
				return !c.bad[fn.Origin()]
			}
		}
		if !heap || !l.packageFunc(e) {
			return false
		}
		// Another package's function gives the same slices in both.
		for _, a := range e.Args {
			if _, ok := under(l.typeOf(a)).(*types.Slice); ok && !c.ok(a, heap) {
				return false
			}
		}
		return true
	}
	return false
}

// shared reports whether k may hold an array another slice holds: it
// takes other values than nil, composite literals, make and appends to
// and slices of itself.
func (c *capCheck) shared(k types.Object) bool {
	for _, o := range c.origins[k] {
		e := o.e
		for {
			if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && c.builtin(call, "append") {
				e = call.Args[0]
			} else if s, ok := ast.Unparen(e).(*ast.SliceExpr); ok {
				e = s.X
			} else {
				break
			}
		}
		if j, _ := c.key(e); j != k && !c.ok(e, false) {
			return true
		}
	}
	return false
}

// escapes reports whether the values of v definitely go to the heap, by
// a use of its function that gc sees (code after a return or under a
// constant condition is dropped, a function literal may never run): v
// is passed to fmt or sent on a channel, or passed to parameters that
// are in two calls or in a loop (a single call may be inlined, where the
// parameter becomes a copy of v, and gc then moves v to the heap only
// there). Package-level variables and fields are on the heap, but may
// hold slices moved there with a rounded capacity: their origins say.
func (c *capCheck) escapes(v types.Object) bool {
	if x, ok := v.(*types.Var); !ok || x.IsField() || v.Parent() == c.l.pkg.Scope() {
		return ok && !x.IsField()
	}
	n := 0
	for _, a := range c.params {
		if c.uses(a.arg, v) && c.printed(a.p) {
			n++
		}
	}
	return n > 1 || c.printed(v)
}

func (c *capCheck) printed(v types.Object) bool {
	for _, e := range c.sinks {
		if c.uses(e, v) {
			return true
		}
	}
	return false
}

// uses reports whether e is v or a slice of it, in code gc compiles, in
// v's function.
func (c *capCheck) uses(e ast.Expr, v types.Object) bool {
	for {
		s, ok := ast.Unparen(e).(*ast.SliceExpr)
		if !ok {
			break
		}
		e = s.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || c.l.info.ObjectOf(id) != v {
		return false
	}
	for _, d := range c.dead {
		if d[0] <= id.Pos() && id.Pos() < d[1] {
			return false
		}
	}
	for _, f := range c.lits {
		if f[0] <= id.Pos() && id.Pos() < f[1] && (v.Pos() < f[0] || v.Pos() >= f[1]) {
			return false
		}
	}
	return true
}

// deadAfter records the statements after one that ends the list as gc
// sees it (a return, goto or panic, an if whose branches both do).
func (c *capCheck) deadAfter(list []ast.Stmt) {
	for i, s := range list {
		if c.ends(s) && i+1 < len(list) {
			c.dead = append(c.dead, [2]token.Pos{list[i+1].Pos(), list[len(list)-1].End()})
			return
		}
	}
}

func (c *capCheck) ends(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.GOTO
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		return ok && c.builtin(call, "panic")
	case *ast.BlockStmt:
		for _, t := range s.List {
			if c.ends(t) {
				return true
			}
		}
	case *ast.IfStmt:
		then, els := c.ends(s.Body), s.Else != nil && c.ends(s.Else)
		if c.static(s.Cond) {
			return then || els
		}
		return then && els
	}
	return false
}

// static reports whether a condition involves a boolean constant, which
// gc may use to drop a branch.
func (c *capCheck) static(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok {
			if v := c.l.typeAndValue(x).Value; v != nil && v.Kind() == constant.Bool {
				found = true
			}
		}
		return !found
	})
	return found
}
