package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Type identity in interfaces.
//
// The interpreter's types are reflect types made at run time, and reflect
// cannot make a new named type: type MyInt int is an int to it, so inside
// an interface a MyInt is an int (case int matches it, any(MyInt(1)) == 1
// holds), and two struct types with the same fields are one type. The
// front end therefore boxes the values of such types when they go into an
// interface: type MyInt int gets
//
//	type _fl_box1 struct{ _fl_v MyInt }
//
// whose field name makes its reflect type unique. A type assertion or
// type switch to MyInt unboxes, and a direct operand of a print function
// is unboxed for fmt. Boxes compare equal when their values do, so
// interface comparison and map keys keep Go's meaning.
//
// Boxed are the program's package-level types without methods whose
// underlying type is not a struct, and struct types with the same fields
// as another of the program's (with their pointers). A type with methods
// keeps its identity in the interpreter's interfaces, except for ==,
// which lowerIfaceEqual fixes.

// planBoxes decides, once, which types are boxed: those that collide
// with another type (a non-struct underlying type, or a struct with the
// fields of another of the program's) when the program can tell them
// apart in an interface: it asserts or switches to a type of the same
// representation, or compares interface values, keys a map by an
// interface, or prints an interface's type. (A box prints as its value
// only as a direct operand of a print function; nested in a slice of any,
// it would print as a struct.)
func (l *lowerer) planBoxes() {
	l.boxes = map[types.Type]string{}
	l.boxLits = map[ast.Expr]bool{}
	own := l.ownTypes()
	var colliding []types.Type
	for i, tn := range own {
		t := tn.Type()
		if types.NewMethodSet(t).Len() > 0 || types.NewMethodSet(types.NewPointer(t)).Len() > 0 {
			// The interpreter keeps the type of a value with methods in
			// an interface (and calls a box's methods wrongly).
			continue
		}
		switch u := t.Underlying().(type) {
		case *types.Struct:
			for j, other := range own {
				if i != j && types.Identical(u, other.Type().Underlying()) {
					colliding = append(colliding, t, types.NewPointer(t))
					break
				}
			}
		default:
			colliding = append(colliding, t)
		}
	}
	if len(colliding) == 0 {
		return
	}
	all, observed := l.identityObserved()
	verbs := l.formatVerbs()
	for _, t := range colliding {
		if all || containsIdentical(observed, representation(t)) || badVerbFor(t, verbs) {
			l.boxes[t] = ""
		}
	}
}

// representation is what the interpreter makes of t: its underlying type,
// through pointers.
func representation(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return types.NewPointer(representation(p.Elem()))
	}
	return types.Default(t).Underlying()
}

func containsIdentical(list []types.Type, t types.Type) bool {
	for _, x := range list {
		if types.Identical(x, t) {
			return true
		}
	}
	return false
}

// identityObserved finds what tells types apart in interfaces: the types
// asserted or switched to (as representations), or, with all, any
// comparison of interface values, interface map keys or %T and %#v.
func (l *lowerer) identityObserved() (all bool, observed []types.Type) {
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				if t := l.info.TypeOf(n.Type); t != nil && !types.IsInterface(t) {
					observed = append(observed, representation(t))
				} else if methodsOf(t) {
					// A struct without methods would take the methods
					// of another with its fields.
					all = true
				}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if tv := l.info.Types[e]; tv.IsType() && !types.IsInterface(tv.Type) {
					observed = append(observed, representation(tv.Type))
				} else if tv.IsType() && methodsOf(tv.Type) {
					all = true
				}
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				x, y := l.info.Types[n.X], l.info.Types[n.Y]
				if !x.IsNil() && !y.IsNil() && (types.IsInterface(typeOrNil(x.Type)) || types.IsInterface(typeOrNil(y.Type))) {
					all = true
				}
			}
		case *ast.MapType:
			if t := l.info.TypeOf(n.Key); t != nil && types.IsInterface(t) {
				all = true
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && l.switchComparesIfaces(n) {
				all = true // its cases are comparisons
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING && (strings.Contains(n.Value, "%T") || strings.Contains(n.Value, "%#v")) {
				all = true
			}
		case *ast.CallExpr:
			// Go prints a panic value in an empty interface with its
			// dynamic type's name (panicAnyHelper).
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 1 && l.info.Uses[id] == types.Universe.Lookup("panic") {
				if t := l.info.TypeOf(n.Args[0]); t != nil && types.IsInterface(t) && !l.hasTypeParam(t) && !methodsOf(t) {
					all = true
				}
			}
			// The compiled context compares its keys (ctxkeys.go).
			if key := l.contextKey(n); key != nil {
				if t := l.typeOf(key); t != nil && !types.IsInterface(t) {
					observed = append(observed, representation(t))
				}
			}
		}
		return true
	})
	return all, observed
}

// methodsOf reports whether t is an interface with methods.
func methodsOf(t types.Type) bool {
	it, ok := under(t).(*types.Interface)
	return ok && it.NumMethods() > 0
}

func typeOrNil(t types.Type) types.Type {
	if t == nil {
		return types.Typ[types.Invalid]
	}
	return t
}

// unboxPrint declares the helper that gives fmt the value inside a box
// (and any other value as it is), and returns its name; its tests are
// written at the end, when every box is known ($unboxcases).
func (l *lowerer) unboxPrint() string {
	return l.helper("unboxprint", "unboxprint", func(n string) string {
		return "func " + n + "(v any) any {\n$unboxcases\treturn v\n}"
	})
}

// isBoxHelper declares the helper reporting whether a value is a box, and
// returns its name; its tests are written at the end ($boxtests).
func (l *lowerer) isBoxHelper() string {
	return l.helper("isbox", "isbox", func(n string) string {
		return "func " + n + "(v any) bool {\n$boxtests\treturn false\n}"
	})
}

// boxNames are the names of the boxes declared, sorted.
func (l *lowerer) boxNames() []string {
	var names []string
	for _, name := range l.boxes {
		if name != "" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// boxTests are the tests of the box helper.
func (l *lowerer) boxTests() string {
	var b strings.Builder
	for _, name := range l.boxNames() {
		b.WriteString("\tif _, ok := v.(" + name + "); ok {\n\t\treturn true\n\t}\n")
	}
	return b.String()
}

// unboxCases are the tests of the unboxing print helper.
func (l *lowerer) unboxCases() string {
	var b strings.Builder
	for _, name := range l.boxNames() {
		b.WriteString("\tif b, ok := v.(" + name + "); ok {\n\t\treturn b." + name + "_v\n\t}\n")
	}
	return b.String()
}

// boxFor returns the box of values of type t, declaring it on first use,
// or false when t is not boxed.
func (l *lowerer) boxFor(t types.Type) (string, bool) {
	key, ok := l.boxKey(t)
	if !ok {
		return "", false
	}
	if name := l.boxes[key]; name != "" {
		return name, true
	}
	texpr, local := l.typeExpr(key)
	if local {
		return "", false
	}
	name := l.helper("box "+texpr, "box", func(n string) string { return l.boxDecl(n, key, texpr) })
	l.boxes[key] = name
	l.note("values of the program's types boxed in interfaces")
	return name, true
}

// boxKey finds t among the boxed types (types.Identical, since pointer
// types are made anew).
func (l *lowerer) boxKey(t types.Type) (types.Type, bool) {
	if l.boxes == nil || t == nil {
		return nil, false
	}
	for k := range l.boxes {
		if types.Identical(k, t) {
			return k, true
		}
	}
	return nil, false
}

// boxDecl is the text of the box n of type t: the struct (no methods:
// the interpreter compares values with methods in interfaces wrongly) and
// the unboxing helpers. Only types without methods are boxed.
func (l *lowerer) boxDecl(n string, t types.Type, texpr string) string {
	var b strings.Builder
	b.WriteString("type " + n + " struct{ " + n + "_v " + texpr + " }\n")
	// Unboxing: the value and whether v held one; the value or Go's panic.
	b.WriteString("\nfunc " + n + "_unbox(v any) (" + texpr + ", bool) {\n\tb, ok := v.(" + n + ")\n\treturn b." + n + "_v, ok\n}\n")
	notShow := strconv.Quote(", not " + l.goTypeName(t))
	b.WriteString("\nfunc " + n + "_must(v any, static string) " + texpr + " {\n\tb, ok := v.(" + n + ")\n\tif !ok {\n" +
		"\t\tif v == nil {\n\t\t\tpanic(" + l.errorsNew() + "(\"interface conversion: \" + static + \" is nil\" + " + notShow + "))\n\t\t}\n" +
		"\t\tpanic(" + l.errorsNew() + "(\"interface conversion: \" + static + \" is \" + " + l.dynTypeHelper() + "(v) + " + notShow + "))\n\t}\n\treturn b." + n + "_v\n}\n")
	return b.String()
}

// box wraps e, of a boxed type, going into a place of interface type
// target; it returns e unchanged otherwise.
func (l *lowerer) box(e ast.Expr, target types.Type) ast.Expr {
	if e == nil || target == nil || !types.IsInterface(target) {
		return e
	}
	tv := l.info.Types[e]
	if tv.Type == nil || types.IsInterface(tv.Type) || tv.IsNil() || tv.IsType() {
		return e
	}
	name, ok := l.boxFor(tv.Type)
	if !ok {
		return e
	}
	lit := &ast.CompositeLit{Type: ast.NewIdent(name), Lbrace: e.Pos(), Elts: []ast.Expr{e}, Rbrace: e.End()}
	l.info.Types[lit] = types.TypeAndValue{Type: target}
	l.boxLits[lit] = true
	return lit
}

// assertType is the type to assert to for t: its box when t is boxed.
func (l *lowerer) assertType(t types.Type) string {
	if name, ok := l.boxFor(t); ok {
		return name
	}
	texpr, _ := l.typeExpr(t)
	return texpr
}

// lowerUnbox rewrites x.(T) of a boxed T into the unboxing helper. It
// returns the replacement or nil.
func (l *lowerer) lowerUnbox(n *ast.TypeAssertExpr) ast.Expr {
	if n.Type == nil {
		return nil
	}
	name, ok := l.boxFor(l.info.TypeOf(n.Type))
	if !ok {
		return nil
	}
	if _, commaOK := l.info.Types[n].Type.(*types.Tuple); commaOK {
		return &ast.CallExpr{Fun: ast.NewIdent(name + "_unbox"), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
	}
	static := l.goTypeName(l.info.TypeOf(n.X))
	return &ast.CallExpr{Fun: ast.NewIdent(name + "_must"), Lparen: n.Lparen,
		Args: []ast.Expr{n.X, &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(static)}}, Rparen: n.Rparen}
}

// boxSites boxes the operands of n that go into interface-typed places.
func (l *lowerer) boxSites(n ast.Node) {
	if len(l.boxes) == 0 {
		return
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
			for i := range n.Rhs {
				if !isBlank(n.Lhs[i]) {
					n.Rhs[i] = l.box(n.Rhs[i], l.info.TypeOf(n.Lhs[i]))
				}
			}
		}
	case *ast.ValueSpec:
		if n.Type != nil && len(n.Names) == len(n.Values) {
			t := l.info.TypeOf(n.Type)
			for i := range n.Values {
				n.Values[i] = l.box(n.Values[i], t)
			}
		}
	case *ast.ReturnStmt:
		if len(l.funcs) > 0 {
			res := l.funcs[len(l.funcs)-1].Results()
			if res.Len() == len(n.Results) {
				for i := range n.Results {
					n.Results[i] = l.box(n.Results[i], res.At(i).Type())
				}
			}
		}
	case *ast.SendStmt:
		if ch, ok := l.info.TypeOf(n.Chan).Underlying().(*types.Chan); ok {
			n.Value = l.box(n.Value, ch.Elem())
		}
	case *ast.IndexExpr:
		if m, ok := typeUnder(l.info.TypeOf(n.X)).(*types.Map); ok {
			n.Index = l.box(n.Index, m.Key())
		}
	case *ast.BinaryExpr:
		if n.Op == token.EQL || n.Op == token.NEQ {
			x, y := l.info.TypeOf(n.X), l.info.TypeOf(n.Y)
			if x != nil && y != nil {
				n.X = l.box(n.X, y)
				n.Y = l.box(n.Y, x)
			}
		}
	case *ast.CompositeLit:
		l.boxElements(n)
	case *ast.CallExpr:
		l.boxArguments(n)
	}
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// boxElements boxes the elements of a composite literal that go into
// fields, elements or keys of interface type.
func (l *lowerer) boxElements(n *ast.CompositeLit) {
	t := l.info.TypeOf(n)
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok { // &T{...} elided in a literal
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := l.info.Uses[id].(*types.Var); ok {
						kv.Value = l.box(kv.Value, f.Type())
					}
				}
				continue
			}
			if i < u.NumFields() {
				n.Elts[i] = l.box(e, u.Field(i).Type())
			}
		}
	case *types.Slice, *types.Array, *types.Map:
		var key, elem types.Type
		switch u := u.(type) {
		case *types.Slice:
			elem = u.Elem()
		case *types.Array:
			elem = u.Elem()
		case *types.Map:
			key, elem = u.Key(), u.Elem()
		}
		for i, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if key != nil {
					kv.Key = l.box(kv.Key, key)
				}
				kv.Value = l.box(kv.Value, elem)
				continue
			}
			n.Elts[i] = l.box(e, elem)
		}
	}
}

// boxArguments boxes the arguments of a call (or the operand of a
// conversion to an interface) that go into parameters of interface type,
// except where compiled code looks at them by reflection or prints them
// itself: fmt's print functions, sort.Slice and errors.As.
func (l *lowerer) boxArguments(n *ast.CallExpr) {
	fun := ast.Unparen(n.Fun)
	if tv := l.info.Types[fun]; tv.IsType() {
		if len(n.Args) == 1 {
			n.Args[0] = l.box(n.Args[0], tv.Type)
		}
		return
	}
	if id, ok := fun.(*ast.Ident); ok {
		if b, ok := l.info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "panic":
				n.Args[0] = l.box(n.Args[0], types.NewInterfaceType(nil, nil))
			case "append":
				if s, ok := typeUnder(l.info.TypeOf(n.Args[0])).(*types.Slice); ok && !n.Ellipsis.IsValid() {
					for i := 1; i < len(n.Args); i++ {
						n.Args[i] = l.box(n.Args[i], s.Elem())
					}
				}
			case "delete":
				if m, ok := typeUnder(l.info.TypeOf(n.Args[0])).(*types.Map); ok && len(n.Args) == 2 {
					n.Args[1] = l.box(n.Args[1], m.Key())
				}
			}
			return
		}
	}
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			if pn, ok := l.info.Uses[id].(*types.PkgName); ok {
				switch pn.Imported().Path() + "." + sel.Sel.Name {
				case "sort.Slice", "sort.SliceStable", "sort.SliceIsSorted", "errors.As":
					return
				}
				if pn.Imported().Path() == "fmt" && formatArg(sel.Sel.Name) != -2 {
					return
				}
			}
		}
	}
	sig, ok := typeUnder(l.info.TypeOf(n.Fun)).(*types.Signature)
	if !ok || n.Ellipsis.IsValid() {
		return
	}
	params := sig.Params()
	for i := range n.Args {
		var pt types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			pt = params.At(params.Len() - 1).Type().(*types.Slice).Elem()
		case i < params.Len():
			pt = params.At(i).Type()
		}
		n.Args[i] = l.box(n.Args[i], pt)
	}
}

// lowerNativeAssert rewrites x.(T) of a concrete type T that is not a
// struct or pointer, when the program has a type with methods of T's
// representation: the interpreter's assertion would take a Celsius for a
// float64. The helper asks the interpreter's type switch, which tells
// them apart. It returns the replacement or nil.
func (l *lowerer) lowerNativeAssert(n *ast.TypeAssertExpr) ast.Expr {
	if n.Type == nil {
		return nil
	}
	t := l.info.TypeOf(n.Type)
	x := l.info.TypeOf(n.X)
	if t == nil || x == nil || types.IsInterface(t) || !nativeTypeTest(t) || isError(x) || !l.methodRepCollides(t) {
		return nil
	}
	name := l.nativeAssertHelper(x, t)
	if name == "" {
		return nil
	}
	l.note("assertions to types that share a representation")
	if _, commaOK := l.info.Types[n].Type.(*types.Tuple); !commaOK {
		name += "_must"
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}

// methodRepCollides reports whether a non-struct type of the program with
// methods has t's representation.
func (l *lowerer) methodRepCollides(t types.Type) bool {
	r := representation(t)
	for _, tn := range l.ownTypes() {
		m := tn.Type()
		if _, isStruct := m.Underlying().(*types.Struct); isStruct {
			continue
		}
		if types.NewMethodSet(m).Len() == 0 && types.NewMethodSet(types.NewPointer(m)).Len() == 0 {
			continue
		}
		if types.Identical(representation(m), r) {
			return true
		}
	}
	return false
}

// lowerIfaceConversion rewrites the conversion I(x) of a value to an
// interface type into a call of a function with a parameter of type I:
// the interpreter's explicit conversion loses the value's type (a
// Status in any(s) asserts to Status no more, error(e) prints without
// its Error method), its implicit one keeps it. It returns the
// replacement or nil.
func (l *lowerer) lowerIfaceConversion(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 || !l.isConversion(call) {
		return nil
	}
	target := l.info.TypeOf(call)
	arg := l.info.Types[call.Args[0]]
	boxed := l.boxLits[call.Args[0]]
	if target == nil || !types.IsInterface(target) || arg.Type == nil || types.IsInterface(arg.Type) && !boxed || arg.IsNil() {
		return nil
	}
	if !isEmptyInterface(target) && !isError(target) && (!l.ownInterface(target) || !nativeTypeTest(arg.Type)) {
		return nil // I(myint(3)) loses its type, I(S{}) does not
	}
	texpr, local := l.typeExpr(target)
	if local {
		return nil
	}
	l.note("conversions to interfaces")
	name := l.helper("toiface "+texpr, "to", func(f string) string {
		return "func " + f + "(v " + texpr + ") " + texpr + " { return v }"
	})
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: call.Lparen, Args: call.Args, Rparen: call.Rparen}
}
