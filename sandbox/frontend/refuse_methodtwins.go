package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Struct types with methods and the same fields.
//
// The interpreter makes two of the program's struct types with the same
// fields one reflect type. Without methods they are boxed apart in
// interfaces (boxing.go); with methods (their own or promoted from an
// embedded field) a box would lose them, and in an interface a value of
// the one passes for the other: with type A struct{ n int } and type B
// struct{ n int }, each with a method M, any(B{1}).(A) succeeds, %T
// prints main.A (even where no A goes into an interface) and
// any(B{1}) == any(A{1}) holds (calls of M still reach B's). Such a pair
// is told apart, when a value of one of them (or a pointer to one, for
// pointers) goes into an interface and
//   - a format with %T or %#v has an operand of an interface type it
//     implements; or
//   - it asserts or switches to the other from an interface the first
//     implements; or
//   - values of both go into interfaces and the program compares
//     interface values (==, a switch on one, an interface map key).
//
// The later type's first field is given a struct tag of its own
// (tagTwins): the interpreter makes its reflect type with the tag, so
// the two are two types to it, while Go's conversions between them
// ignore tags and nothing the playground offers reads them. Refused, at
// the later declaration, are such pairs without fields (no field to tag)
// and pairs in a program that also writes out a struct type of their
// fields (the tag would keep that type's values from being assigned to
// theirs).

// refuseMethodTwins refuses the struct types with methods that have the
// fields of another such type, when the program could tell them apart
// in an interface.
func (l *lowerer) refuseMethodTwins() {
	var withMethods []*types.TypeName
	for _, tn := range l.ownTypes() {
		t := tn.Type()
		if _, ok := t.Underlying().(*types.Struct); ok && types.NewMethodSet(types.NewPointer(t)).Len() > 0 {
			withMethods = append(withMethods, tn)
		}
	}
	if len(withMethods) < 2 {
		return
	}
	sort.Slice(withMethods, func(i, j int) bool { return withMethods[i].Pos() < withMethods[j].Pos() })
	var held []types.Type // values that go into interfaces
	l.walkSites(func(e *ast.Expr, target types.Type) {
		if t := l.typeOf(*e); t != nil && target != nil && types.IsInterface(target) && !types.IsInterface(t) {
			held = append(held, t)
		}
	})
	type assertion struct{ to, from types.Type }
	var asserts []assertion
	var named []types.Type // interfaces of operands of a format with %T or %#v
	compares := false
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				asserts = append(asserts, assertion{l.typeOf(n.Type), l.typeOf(n.X)})
			}
		case *ast.TypeSwitchStmt:
			x := switchOperand(n)
			if x == nil {
				break
			}
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					asserts = append(asserts, assertion{l.typeOf(e), l.typeOf(x)})
				}
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				x, y := l.typeAndValue(n.X), l.typeAndValue(n.Y)
				if !x.IsNil() && !y.IsNil() && (types.IsInterface(typeOrNil(x.Type)) || types.IsInterface(typeOrNil(y.Type))) {
					compares = true
				}
			}
		case *ast.MapType:
			if t := l.typeOf(n.Key); t != nil && types.IsInterface(t) {
				compares = true
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && types.IsInterface(typeOrNil(l.typeOf(n.Tag))) {
				compares = true
			}
		case *ast.CallExpr:
			named = append(named, l.typeNamedOperands(n)...)
		}
		return true
	})
	// confused reports whether a value of t in an interface could be
	// taken for a u (t and u both values, or both pointers).
	confused := func(t, u types.Type) bool {
		if !containsIdentical(held, t) {
			return false
		}
		if compares && containsIdentical(held, u) {
			return true
		}
		for _, i := range named {
			if it, ok := i.Underlying().(*types.Interface); ok && types.Implements(t, it) {
				return true
			}
		}
		for _, a := range asserts {
			if a.to != nil && a.from != nil && types.Identical(a.to, u) {
				if it, ok := a.from.Underlying().(*types.Interface); ok && types.Implements(t, it) {
					return true
				}
			}
		}
		return false
	}
	unnamed := -1 // whether l.unnamedStructTwins(), once asked
	for j, tn := range withMethods {
		t := tn.Type()
		for _, other := range withMethods[:j] {
			u := other.Type()
			if !types.Identical(t.Underlying(), u.Underlying()) {
				continue
			}
			pt, pu := types.NewPointer(t), types.NewPointer(u)
			if !(confused(t, u) || confused(u, t) || confused(pt, pu) || confused(pu, pt)) {
				continue
			}
			if unnamed < 0 {
				unnamed = 0
				if l.unnamedStructTwins() {
					unnamed = 1
				}
			}
			if t.Underlying().(*types.Struct).NumFields() > 0 && unnamed == 0 {
				if l.tagged == nil {
					l.tagged = map[*types.TypeName]bool{}
				}
				l.tagged[tn] = true
				l.note("struct types with the same fields told apart")
				break
			}
			l.unsupported(tn.Pos(), "struct types "+other.Name()+" and "+tn.Name()+", with methods and the same fields, told apart in an interface (a type assertion, type switch, == or %T) are not supported by the playground (the interpreter takes the one for the other); give one of them a field the other does not have")
			break
		}
	}
}

// tagTwins gives the first field of each type of l.tagged a struct tag
// naming the type, after any tag it has.
func (l *lowerer) tagTwins() {
	if len(l.tagged) == 0 {
		return
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		tn, _ := l.info.Defs[ts.Name].(*types.TypeName)
		st, isStruct := ts.Type.(*ast.StructType)
		if tn == nil || !l.tagged[tn] || !isStruct || st.Fields == nil || len(st.Fields.List) == 0 {
			return false
		}
		f := st.Fields.List[0]
		tag := ""
		if f.Tag != nil {
			tag, _ = strconv.Unquote(f.Tag.Value)
			tag += " "
		}
		tag += helperPrefix + "twin:" + strconv.Quote(tn.Name())
		f.Tag = &ast.BasicLit{ValuePos: f.Type.End(), Kind: token.STRING, Value: strconv.Quote(tag)}
		return false
	})
}

// typeNamedOperands lists the interface types of the operands of %T and
// %#v in call, when it is a call of one of fmt's formatting functions
// with a constant format.
func (l *lowerer) typeNamedOperands(call *ast.CallExpr) []types.Type {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !strings.HasSuffix(sel.Sel.Name, "f") || !l.isPackageFunc(call.Fun, "fmt", sel.Sel.Name) {
		return nil
	}
	for i, a := range call.Args {
		tv := l.typeAndValue(a)
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		var out []types.Type
		ops := call.Args[i+1:]
		for _, v := range progfmt.Verbs(constant.StringVal(tv.Value)) {
			if v.C != 'T' && !(v.C == 'v' && strings.Contains(v.Flags, "#")) || v.Arg < 0 || v.Arg >= len(ops) {
				continue
			}
			if t := l.typeOf(ops[v.Arg]); t != nil && types.IsInterface(t) {
				out = append(out, t)
			}
		}
		return out
	}
	return nil
}
