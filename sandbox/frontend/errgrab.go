package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Struct values with value-receiver Error methods, asserted back from
// error.
//
// The interpreter's wrapper of error keeps, in place of such a value, its
// last field (progfmt's grab.go says why): err.(HTTPError), a type switch
// and errors.As never find it there, and an assertion to another type may
// find the field. The wrapper's Error method runs the program's method on
// the right receiver, though. So, in a program that looks into its
// errors (looksIntoErrors), every Error method the program declares asks
// progfmt.Take whether progfmt.Grab is asking for its receiver, and if so
// hands it over with a tag of its type and returns; the assertion helpers
// call Grab and compare the tag:
//
//	func (e HTTPError) Error() string {
//		if _fl_progfmt.Take(1, e) {
//			return ""
//		}
//		...
//
// Every type with its own Error method gets a tag (grabTags), so that
// Grab also names the others (a failed assertion's panic); the values
// found (grabbed) are those of the struct types with a value-receiver
// Error method and no field that may hold a pointer to them (Grab tells
// the pointer from the value by what the wrapper holds: the pointer
// itself, or a field). Nothing is found when a type of the program gets
// its Error method from an embedded field: the wrapper would run the
// embedded value's method, and Grab would take the embedded value for
// the outer one. The same helpers then serve ==, errors.Is, the chain
// walks, assertions to the program's interfaces and %T (errgrabcases.go).

// planGrab decides the tags and the types found, when the program looks
// into errors (looksIntoErrors).
func (l *lowerer) planGrab() {
	if !l.looksIntoErrors() || l.promotesError() {
		return
	}
	tags := map[types.Type]int{}
	grabbed := false
	for _, tn := range l.ownTypes() {
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if !ownError(t) {
				continue
			}
			tags[t] = len(tags) + 1
			if s, ok := t.Underlying().(*types.Struct); ok && !l.mayHoldPointerTo(s, t) {
				grabbed = true
				l.grabbed = append(l.grabbed, t)
			}
		}
	}
	if grabbed {
		l.grabTags = tags
	}
}

// ownError reports whether t declares an Error() string method with
// receiver t.
func ownError(t types.Type) bool {
	sel := types.NewMethodSet(t).Lookup(nil, "Error")
	if sel == nil || len(sel.Index()) != 1 {
		return false
	}
	sig := sel.Obj().Type().(*types.Signature)
	return types.Identical(sig.Recv().Type(), t) && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// mayHoldPointerTo reports whether a field of s, t's struct, may hold a
// *t where the wrapper would show it: a field of that representation, or
// of an interface type of the program, or any, that *t implements.
func (l *lowerer) mayHoldPointerTo(s *types.Struct, t types.Type) bool {
	ptr := types.NewPointer(t)
	for i := range s.NumFields() {
		ft := s.Field(i).Type()
		if it, ok := ft.Underlying().(*types.Interface); ok {
			// A package's interface (error) holds the pointer in its
			// wrapper, not as the pointer.
			if !l.packageInterface(ft) && types.Implements(ptr, it) {
				return true
			}
			continue
		}
		if types.Identical(representation(ft), representation(ptr)) {
			return true
		}
	}
	return false
}

// looksIntoErrors reports whether the program asserts or switches a
// value of type error, compares one with another value than nil, calls
// the errors package's Is, As, AsType or Unwrap, or writes %T or %#v.
func (l *lowerer) looksIntoErrors() bool {
	if l.callsErrorsChain() {
		return true
	}
	found := false
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			found = found || isError(l.info.TypeOf(n.X))
		case *ast.BinaryExpr:
			x, y := l.info.Types[n.X], l.info.Types[n.Y]
			if (n.Op == token.EQL || n.Op == token.NEQ) && !x.IsNil() && !y.IsNil() {
				found = found || isError(x.Type) || isError(y.Type)
			}
		case *ast.BasicLit:
			// The verbs that print an error's dynamic type or fields.
			found = found || n.Kind == token.STRING && (strings.Contains(n.Value, "%T") || strings.Contains(n.Value, "%#v"))
		}
		return !found
	})
	return found
}

// promotesError reports whether a struct type of the program (named or
// not) gets an Error method from an embedded field.
func (l *lowerer) promotesError() bool { return l.errorPromoter() != nil }

// errorPromoter returns a struct type of the program (named or not) that
// gets an Error method from an embedded field, or nil.
func (l *lowerer) errorPromoter() types.Type {
	seen := map[types.Type]bool{}
	check := func(t types.Type) bool {
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		if _, ok := t.Underlying().(*types.Struct); !ok {
			return false
		}
		for _, x := range []types.Type{t, types.NewPointer(t)} {
			if sel := types.NewMethodSet(x).Lookup(l.pkg, "Error"); sel != nil && len(sel.Index()) > 1 {
				return true
			}
		}
		return false
	}
	// The first declared, for a message that does not change from run
	// to run, else the first by name.
	var found types.Type
	at := token.NoPos
	for _, obj := range l.info.Defs {
		if tn, ok := obj.(*types.TypeName); ok && check(tn.Type()) && (found == nil || tn.Pos() < at) {
			found, at = tn.Type(), tn.Pos()
		}
	}
	if found != nil {
		return found
	}
	for _, obj := range l.info.Defs {
		if obj != nil && check(obj.Type()) && (found == nil || types.TypeString(obj.Type(), nil) < types.TypeString(found, nil)) {
			found = obj.Type()
		}
	}
	for _, tv := range l.info.Types {
		if check(tv.Type) && (found == nil || types.TypeString(tv.Type, nil) < types.TypeString(found, nil)) {
			found = tv.Type
		}
	}
	return found
}

// grabTag is t's tag when an assertion from error finds t through
// Grab, else 0.
func (l *lowerer) grabTag(t types.Type) int {
	if !containsIdentical(l.grabbed, t) {
		return 0
	}
	return l.errTag(t)
}

// errTag is the tag t's Error method hands to Take, 0 for none.
func (l *lowerer) errTag(t types.Type) int {
	for k, tag := range l.grabTags {
		if types.Identical(k, t) {
			return tag
		}
	}
	return 0
}

// grabHelper declares the helpers asserting an error to the tagged type
// t, name(v error) (t, bool) and name_must(v error) t, which panics as Go
// does, and returns name; "" when t is not tagged.
func (l *lowerer) grabHelper(t types.Type) string {
	tag := l.grabTag(t)
	if tag == 0 {
		return ""
	}
	texpr, local := l.typeExpr(t)
	if local {
		return ""
	}
	pf := l.importName(progfmt.Path)
	show := l.goTypeName(t)
	l.note("struct errors asserted from error")
	found := "x.(" + texpr + ")"
	if s, ok := t.Underlying().(*types.Struct); ok && s.NumFields() == 0 {
		// The interpreter fails to assert a compiled value to a struct
		// without fields (pkgvalues.go); such a value is its zero value.
		found = texpr + "{}"
	}
	return l.helper("grab "+texpr, "grab", func(f string) string {
		return "func " + f + "(v error) (" + texpr + ", bool) {\n" +
			"\tif tag, x := " + pf + ".Grab(v); tag == " + strconv.Itoa(tag) + " {\n\t\t_ = x\n\t\treturn " + found + ", true\n\t}\n" +
			"\tvar zero " + texpr + "\n\treturn zero, false\n}\n\n" +
			"func " + f + "_must(v error) " + texpr + " {\n" + l.grabFailure(f+"(v)", show) + "}"
	})
}

// lowerGrabAssert rewrites x.(T) from error to a type the assertion
// finds through Grab into a call of its helper. It returns nil to keep n.
func (l *lowerer) lowerGrabAssert(n *ast.TypeAssertExpr) ast.Expr {
	if n.Type == nil || !isError(l.typeOf(n.X)) {
		return nil
	}
	h := l.grabHelper(l.typeOf(n.Type))
	if h == "" {
		return nil
	}
	call := &ast.CallExpr{Fun: ast.NewIdent(h), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
	if _, commaOK := l.typeAndValue(n).Type.(*types.Tuple); commaOK {
		return call
	}
	call.Fun = ast.NewIdent(h + "_must")
	return l.asElement(call, l.typeOf(n.Type))
}

// asElement returns the call, of a concrete type t, as []t{call}[0]: the
// interpreter hands a call's result on to an interface parameter without
// its type (reflect.Set fails), an element with it (keepIface).
func (l *lowerer) asElement(call *ast.CallExpr, t types.Type) ast.Expr {
	texpr, _ := l.typeExpr(t)
	lit := &ast.CompositeLit{Type: &ast.ArrayType{Elt: ast.NewIdent(texpr)}, Lbrace: call.Lparen, Elts: []ast.Expr{call}, Rbrace: call.Rparen}
	return &ast.IndexExpr{X: lit, Index: &ast.BasicLit{Kind: token.INT, Value: "0"}}
}

// grabTypeName declares the helper naming the dynamic type of an error
// for the panic of a failed assertion: a type of the program with an
// Error method by its tag (negative for a pointer to a type with a value
// method, see Grab), any other as %T names it (wrappedTypeHelper).
func (l *lowerer) grabTypeName() string {
	return l.helper("grabname", "grabname", func(f string) string {
		var b strings.Builder
		b.WriteString("func " + f + "(v error) string {\n\tswitch tag, _ := " + l.importName(progfmt.Path) + ".Grab(v); tag {\n")
		for _, t := range l.grabTypes() {
			tag := l.grabTags[t]
			if s, isStruct := t.Underlying().(*types.Struct); isStruct && l.mayHoldPointerTo(s, t) {
				continue // Grab may take the value for a pointer
			}
			b.WriteString("\tcase " + strconv.Itoa(tag) + ":\n\t\treturn " + strconv.Quote(l.goTypeName(t)) + "\n")
			if _, ptr := t.(*types.Pointer); !ptr {
				b.WriteString("\tcase " + strconv.Itoa(-tag) + ":\n\t\treturn " + strconv.Quote(l.goTypeName(types.NewPointer(t))) + "\n")
			}
		}
		name := l.wrappedTypeHelper(types.Universe.Lookup("error").Type())
		if name == "" {
			name = l.dynTypeHelper()
		}
		b.WriteString("\t}\n\treturn " + name + "(v)\n}")
		return b.String()
	})
}

// grabTypes lists the tagged types in the order of their tags.
func (l *lowerer) grabTypes() []types.Type {
	out := make([]types.Type, 0, len(l.grabTags))
	for t := range l.grabTags {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return l.grabTags[out[i]] < l.grabTags[out[j]] })
	return out
}

// instrumentErrorMethods makes each Error() string method of the program
// hand its receiver to progfmt.Take first, when some type is tagged.
func (l *lowerer) instrumentErrorMethods() {
	if len(l.grabTags) == 0 {
		return
	}
	pf := l.importName(progfmt.Path)
	for _, d := range l.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || fd.Body == nil || fd.Name.Name != "Error" || len(fd.Recv.List) != 1 {
			continue
		}
		fn, ok := l.info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
			continue
		}
		tag, self := 0, "nil"
		if t := sig.Recv().Type(); l.errTag(t) != 0 {
			recv := fd.Recv.List[0]
			if len(recv.Names) == 0 || recv.Names[0].Name == "_" {
				recv.Names = []*ast.Ident{ast.NewIdent(l.fresh("self"))}
			}
			tag, self = l.errTag(t), recv.Names[0].Name
		}
		take := l.parseStmts("if " + pf + ".Take(" + strconv.Itoa(tag) + ", " + self + ") {\n\treturn \"\"\n}")
		fd.Body.List = append(take, fd.Body.List...)
	}
}
