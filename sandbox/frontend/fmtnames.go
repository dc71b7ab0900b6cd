package frontend

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Names of the program's types in what fmt prints.
//
// The interpreter's types are reflect types: an unexported field is
// exported with an X in front, and a named type is its underlying type,
// so %+v would print {Xretries:3} and %#v struct { Xretries int }{...}
// where Go prints {retries:3} and main.cfg{retries:3}. An operand of a
// print function whose output would name its type or fields (%+v, %#v,
// and every verb but %v, whose %!verb(type=value) names the type; %v too
// when fmt must not call a method behind an unexported field,
// printhidden.go) and
// whose type holds a type or a struct of the program is handed to fmt
// through sandbox/progfmt, with a table of the program's types the front
// end writes (progfmt.Entry): a formatter that prints it as fmt does,
// with Go's names. Values held in interfaces are found in the table by
// the interpreter's type, which the table learns from zero values the
// program passes with it.

// fmtTable is the table of the program's types the front end hands to
// progfmt.
type fmtTable struct {
	helper  string // the helpers' name, "" until the first wrapped operand
	types   []types.Type
	entries []progfmt.Entry
	boxes   map[int]string // entry -> box type name
}

// namedOperand returns what to pass to fmt in place of op, of type t,
// printed with verb c and flags, or nil when fmt prints it as Go does.
func (l *lowerer) namedOperand(op ast.Expr, t types.Type, c byte, flags string) ast.Expr {
	if t == nil || strings.IndexByte("Tpw", c) >= 0 || c == 'v' && !strings.ContainsAny(flags, "+#") && !l.hiddenMethods(t) || l.hasTypeParam(t) {
		return nil
	}
	sharpV := c == 'v' && strings.Contains(flags, "#")
	if types.IsInterface(t) {
		if !isEmptyInterface(t) || len(l.ownTypes()) == 0 || !pureOperand(op) || l.builtinsShadowed() {
			return nil
		}
		// A value with methods that goes through a function's parameter
		// of type any loses them (printiface.go): the operand itself is
		// printed unless progfmt handles it.
		n := l.fmtHelper()
		pkg := l.importName(progfmt.Path)
		if sharpV && !l.hasMethodOf("GoString", "Format") {
			// %#v calls no other method: a value the interpreter holds
			// in its wrapper (its type has methods) is printed too.
			return l.parseExpr(pkg + ".Sharp(" + n + "_table, " + n + "_zeros, " + types.ExprString(op) + ")")
		}
		call := func(f string) string {
			return pkg + "." + f + "(" + n + "_table, " + n + "_zeros, " + types.ExprString(op) + ")"
		}
		lit := l.parseExpr("map[bool]any{false: any(" + types.ExprString(op) + "), true: " + call("Dynamic") + "}[" + call("Handles") + "]")
		return lit
	}
	ms := types.NewMethodSet(t)
	switch {
	case ms.Lookup(l.pkg, "Format") != nil:
		return nil
	case sharpV && ms.Lookup(l.pkg, "GoString") != nil:
		return nil
	case !sharpV && strings.IndexByte("vsxXq", c) >= 0 && (ms.Lookup(l.pkg, "String") != nil || ms.Lookup(l.pkg, "Error") != nil):
		return nil
	}
	if !l.namesShow(t, map[types.Type]bool{}) {
		return nil
	}
	if strings.IndexByte("vsxXq", c) >= 0 && l.nestedPrintMethods(t, 0, map[types.Type]bool{}) != nil {
		return nil // fmt would call a nested method (printiface.go)
	}
	index := l.fmtEntry(t)
	return &ast.CallExpr{Fun: ast.NewIdent(l.fmtHelper()), Lparen: op.Pos(),
		Args: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(index)}, op}, Rparen: op.End()}
}

// namesShow reports whether a value of type t holds a type of the
// program, a struct with an unexported field or an interface (whose
// dynamic value may be either).
func (l *lowerer) namesShow(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if n.Obj().Pkg() == l.pkg {
			return true
		}
		if n.Obj().Pkg() != nil {
			return false // a package's type has its own names
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return l.namesShow(u.Elem(), seen)
	case *types.Slice:
		return l.namesShow(u.Elem(), seen)
	case *types.Array:
		return l.namesShow(u.Elem(), seen)
	case *types.Map:
		return l.namesShow(u.Key(), seen) || l.namesShow(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if !u.Field(i).Exported() || l.namesShow(u.Field(i).Type(), seen) {
				return true
			}
		}
	case *types.Interface:
		return len(l.ownTypes()) > 0
	}
	return false
}

// hasTypeParam reports whether t mentions a type parameter.
func (l *lowerer) hasTypeParam(t types.Type) bool {
	return typeParamIn(t, map[types.Type]bool{})
}

func typeParamIn(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			if typeParamIn(a, seen) {
				return true
			}
		}
		return false
	case *types.Pointer:
		return typeParamIn(t.Elem(), seen)
	case *types.Slice:
		return typeParamIn(t.Elem(), seen)
	case *types.Array:
		return typeParamIn(t.Elem(), seen)
	case *types.Map:
		return typeParamIn(t.Key(), seen) || typeParamIn(t.Elem(), seen)
	case *types.Chan:
		return typeParamIn(t.Elem(), seen)
	case *types.Struct:
		for i := range t.NumFields() {
			if typeParamIn(t.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// fmtHelper declares the helpers that hand operands to progfmt and
// returns their name: name(index, v) and name_dyn(v). The table and the
// zero values are written at the end ($fmttable, $fmtzeros).
func (l *lowerer) fmtHelper() string {
	return l.helper("fmtnames", "fmtv", func(n string) string {
		l.fmt.helper = n
		// The program's types first: a value in an interface is found
		// as the first entry of its interpreter type.
		for _, tn := range l.ownTypes() {
			if _, isStruct := tn.Type().Underlying().(*types.Struct); isStruct {
				l.fmtEntry(tn.Type())
				l.fmtEntry(types.NewPointer(tn.Type()))
			}
		}
		pkg := l.importName(progfmt.Path)
		return "const " + n + "_table = $fmttable\n\n" +
			"var " + n + "_zeros = []any{$fmtzeros}\n\n" +
			"func " + n + "(i int, v any) any {\n\treturn " + pkg + ".Value(" + n + "_table, " + n + "_zeros, i, v)\n}"
	})
}

// fmtEntry returns t's index in the table, adding it (and what it holds)
// on first use, or -1 for a type of a package.
func (l *lowerer) fmtEntry(t types.Type) int {
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg() != l.pkg {
		return -1
	}
	for i, x := range l.fmt.types {
		if types.Identical(x, t) {
			return i
		}
	}
	i := len(l.fmt.entries)
	l.fmt.types = append(l.fmt.types, t)
	l.fmt.entries = append(l.fmt.entries, progfmt.Entry{Name: l.goTypeName(t), Elem: -1, Key: -1, Box: -1})
	e := progfmt.Entry{Name: l.fmt.entries[i].Name, Elem: -1, Key: -1, Box: -1}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		e.Kind, e.Elem = "p", l.fmtEntry(u.Elem())
	case *types.Slice:
		e.Kind, e.Elem = "l", l.fmtEntry(u.Elem())
	case *types.Array:
		e.Kind, e.Elem = "a", l.fmtEntry(u.Elem())
	case *types.Map:
		e.Kind, e.Key, e.Elem = "m", l.fmtEntry(u.Key()), l.fmtEntry(u.Elem())
	case *types.Interface:
		e.Kind = "i"
	case *types.Struct:
		e.Kind = "s"
		for j := range u.NumFields() {
			f := u.Field(j)
			name := f.Name()
			if shown, ok := l.instances[name]; ok && f.Embedded() {
				name, _, _ = strings.Cut(shown, "[") // an embedded written-out generic: Vec
			}
			e.Fields = append(e.Fields, progfmt.Field{Name: name, Type: l.fmtEntry(f.Type()), Hidden: !f.Exported()})
		}
	}
	l.fmt.entries[i] = e
	return i
}

// fmtTableText is the table as a Go string constant, and the zero values
// by which progfmt learns the interpreter's types of the entries that
// may be held in an interface (structs of the program, pointers to them,
// and boxes).
func (l *lowerer) fmtTableText() (table, zeros string) {
	if l.fmt.helper == "" {
		return `""`, ""
	}
	if l.fmt.boxes == nil {
		l.fmt.boxes = map[int]string{}
		for _, name := range l.boxNames() {
			for t, n := range l.boxes {
				if n == name {
					inner := l.fmtEntry(t)
					l.fmt.entries = append(l.fmt.entries, progfmt.Entry{Kind: "b", Elem: -1, Key: -1, Box: inner})
					l.fmt.types = append(l.fmt.types, nil)
					l.fmt.boxes[len(l.fmt.entries)-1] = name
				}
			}
		}
	}
	zs := make([]string, len(l.fmt.entries))
	for i, t := range l.fmt.types {
		zs[i] = "nil"
		if name, ok := l.fmt.boxes[i]; ok {
			zs[i] = name + "{}"
			continue
		}
		s := t
		if p, ok := t.(*types.Pointer); ok {
			s = p.Elem()
		}
		if _, isStruct := s.Underlying().(*types.Struct); !isStruct || l.hasTypeParam(t) {
			continue
		}
		if texpr, local := l.typeExpr(t); !local {
			zs[i] = "*new(" + texpr + ")"
		}
	}
	b, err := json.Marshal(l.fmt.entries)
	if err != nil {
		return `""`, ""
	}
	return strconv.Quote(string(b)), strings.Join(zs, ", ")
}

// goTypeName is t as reflect's String (and so fmt's %T and %#v) spells
// it: main.P, []main.P, struct { a int }, interface {}, map[string]int.
func (l *lowerer) goTypeName(t types.Type) string {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		name := t.Obj().Name()
		if shown, ok := l.instances[name]; ok && t.Obj().Pkg() == l.pkg {
			name = shown // a written-out generic: List[int]
		}
		if p := t.Obj().Pkg(); p != nil {
			name = p.Name() + "." + name
		}
		if t.TypeArgs().Len() > 0 {
			var args []string
			for a := range t.TypeArgs().Types() {
				args = append(args, l.goTypeName(a))
			}
			name += "[" + strings.Join(args, ",") + "]"
		}
		return name
	case *types.Basic:
		switch t.Kind() {
		case types.Byte:
			return "uint8"
		case types.Rune:
			return "int32"
		}
		return types.Default(t).String()
	case *types.Pointer:
		return "*" + l.goTypeName(t.Elem())
	case *types.Slice:
		return "[]" + l.goTypeName(t.Elem())
	case *types.Array:
		return "[" + strconv.FormatInt(t.Len(), 10) + "]" + l.goTypeName(t.Elem())
	case *types.Map:
		return "map[" + l.goTypeName(t.Key()) + "]" + l.goTypeName(t.Elem())
	case *types.Chan:
		elem := l.goTypeName(t.Elem())
		switch t.Dir() {
		case types.SendOnly:
			return "chan<- " + elem
		case types.RecvOnly:
			return "<-chan " + elem
		}
		if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly {
			return "chan (" + elem + ")"
		}
		return "chan " + elem
	case *types.Signature:
		return "func" + l.goSignature(t)
	case *types.Struct:
		if t.NumFields() == 0 {
			return "struct {}"
		}
		var fields []string
		for i := range t.NumFields() {
			f := t.Field(i)
			s := l.goTypeName(f.Type())
			if !f.Embedded() {
				s = f.Name() + " " + s
			}
			if tag := t.Tag(i); tag != "" {
				s += " " + strconv.Quote(tag)
			}
			fields = append(fields, s)
		}
		return "struct { " + strings.Join(fields, "; ") + " }"
	case *types.Interface:
		if t.NumMethods() == 0 {
			return "interface {}"
		}
		var ms []string
		for i := range t.NumMethods() {
			m := t.Method(i)
			ms = append(ms, m.Name()+l.goSignature(m.Type().(*types.Signature)))
		}
		sort.Strings(ms)
		return "interface { " + strings.Join(ms, "; ") + " }"
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// goSignature is a signature as reflect spells it, without "func".
func (l *lowerer) goSignature(s *types.Signature) string {
	var in, out []string
	for i := range s.Params().Len() {
		p := l.goTypeName(s.Params().At(i).Type())
		if s.Variadic() && i == s.Params().Len()-1 {
			p = "..." + strings.TrimPrefix(p, "[]")
		}
		in = append(in, p)
	}
	for i := range s.Results().Len() {
		out = append(out, l.goTypeName(s.Results().At(i).Type()))
	}
	r := "(" + strings.Join(in, ", ") + ")"
	switch len(out) {
	case 0:
	case 1:
		r += " " + out[0]
	default:
		r += " (" + strings.Join(out, ", ") + ")"
	}
	return r
}

// namePanic writes panic(x), for x of a type of the program without
// methods, as panic(progfmt.Panic(x, name)): the runtime prints such a
// value with its type's name (main.MyInt(3), (main.P) 0xc000012345),
// which the interpreter's value lacks (progfmt.PanicNames).
func (l *lowerer) namePanic(call *ast.CallExpr) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 || l.info.Uses[id] != types.Universe.Lookup("panic") {
		return
	}
	arg := call.Args[0]
	if lit, boxed := arg.(*ast.CompositeLit); boxed && l.boxLits[lit] && len(lit.Elts) == 1 {
		arg = lit.Elts[0]
	}
	t := l.info.TypeOf(arg)
	if t != nil && types.IsInterface(t) && !l.hasTypeParam(t) && t.Underlying().(*types.Interface).Empty() {
		if h := l.panicAnyHelper(); h != "" {
			call.Args[0] = &ast.CallExpr{Fun: ast.NewIdent(h), Lparen: call.Args[0].Pos(), Args: []ast.Expr{call.Args[0]}, Rparen: call.Args[0].End()}
		}
		return
	}
	if t == nil || types.IsInterface(t) || l.hasTypeParam(t) || types.NewMethodSet(t).Len() > 0 || len(l.ownTypes()) == 0 {
		return
	}
	name := "" // a value of another type: what the runtime prints from its value
	if l.mentionsOwnType(t) {
		name = l.goTypeName(t)
	}
	pkg := l.importName(progfmt.Path)
	call.Args[0] = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(pkg), Sel: ast.NewIdent("Panic")}, Lparen: call.Args[0].Pos(),
		Args: []ast.Expr{call.Args[0], &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(name)}}, Rparen: call.Args[0].End()}
}

// panicAnyHelper declares the helper that panic(x), for x of an empty
// interface type, is written with when the program has types of a basic
// kind without methods, and returns its name ("" when it has none). The
// runtime prints such a value with its dynamic type's name (panic(i)
// with i holding Celsius(3) prints main.Celsius(3)); the helper records
// that name (progfmt.PanicNames), or no name for a value of another
// type, which also forgets the name of an earlier, recovered panic.
func (l *lowerer) panicAnyHelper() string {
	var names []string
	for _, tn := range l.ownTypes() {
		t := tn.Type()
		if _, basic := t.Underlying().(*types.Basic); !basic || types.NewMethodSet(t).Len() > 0 {
			continue
		}
		if _, boxed := l.boxKey(t); !boxed {
			continue // planBoxes boxes them all when the program panics with an any
		}
		names = append(names, strconv.Quote(l.goTypeName(t)))
	}
	if len(names) == 0 {
		return ""
	}
	pkg := l.importName(progfmt.Path)
	dyn := l.dynTypeHelper()
	return l.helper("panicany", "panicany", func(n string) string {
		return "func " + n + "(v any) any {\n\tswitch name := " + dyn + "(v); name {\n\tcase " + strings.Join(names, ", ") +
			":\n\t\treturn " + pkg + ".Panic(v, name)\n\t}\n\treturn " + pkg + ".Panic(v, \"\")\n}"
	})
}

// pureOperand reports whether e can be evaluated more than once with the
// same result and no effect: variables, fields, elements, constants.
func pureOperand(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return pureOperand(e.X)
	case *ast.SelectorExpr:
		return pureOperand(e.X)
	case *ast.IndexExpr:
		return pureOperand(e.X) && pureOperand(e.Index)
	case *ast.StarExpr:
		return pureOperand(e.X)
	}
	return false
}
