package frontend

import (
	"go/ast"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Spaces between the operands of Print, Sprint, Fprint and Append.
//
// fmt writes a space between two operands of these functions when
// neither is a string (by its dynamic value's kind). An operand the
// lowering adjusts may change that: the error it replaces by the string
// its Error method returns is a string to fmt, the float64 it held was
// not. Such a print is written out as a function literal taking the
// call's arguments once, printing each operand alone (Sprint) and
// joining the pieces by fmt's rule applied to the ORIGINAL values:
//
//	func(_fl_a1 float64, _fl_a2 error) (int, error) {
//		return fmt.Print(_fl_spaced([]bool{false, _fl_isstr3(_fl_a2, <name>)},
//			fmt.Sprint(_fl_a1), fmt.Sprint(_fl_show2(_fl_a2))))
//	}(v, err)

// spacedResults are what the print functions that space their operands
// return.
var spacedResults = map[string]string{
	"Print": "(int, error)", "Fprint": "(int, error)", "Sprint": "string", "Append": "[]byte",
}

// spaceOperands rewrites call (a Print, Sprint, Fprint or Append of
// several operands, operands starting at first) whose operands orig were
// adjusted into adjusted, so that the spaces between them are Go's. It
// returns nil when no operand was adjusted or one cannot be rewritten.
func (l *lowerer) spaceOperands(call *ast.CallExpr, name string, first int, orig, adjusted []ast.Expr, ts []types.Type) ast.Expr {
	results, ok := spacedResults[name]
	if !ok || len(orig) < 2 {
		return nil
	}
	changed := false
	for i := range orig {
		changed = changed || adjusted[i] != orig[i]
	}
	if !changed {
		return nil
	}
	fmtName := l.importName("fmt")
	var params []string
	var heads, strs, pieces []ast.Expr
	for i, a := range call.Args {
		var t types.Type
		if i >= first {
			t = ts[i-first]
		} else {
			t = l.typeOf(a)
		}
		texpr := "interface{}"
		if t != nil && !types.Identical(t, types.Typ[types.UntypedNil]) {
			texpr, _ = l.typeExpr(types.Default(t))
		}
		p := l.fresh("a")
		params = append(params, p+" "+texpr)
		if i < first {
			heads = append(heads, ast.NewIdent(p))
			continue
		}
		op := orig[i-first]
		// The adjusted operand with the parameter in place of the
		// original expression.
		piece, found := ast.Expr(ast.NewIdent(p)), 1
		if adjusted[i-first] != op {
			found = 0
			piece = astutil.Apply(adjusted[i-first], func(c *astutil.Cursor) bool {
				if c.Node() == op {
					c.Replace(ast.NewIdent(p))
					found++
					return false
				}
				return true
			}, nil).(ast.Expr)
		}
		if found != 1 {
			l.unsupported(op.Pos(), "this operand of "+name+", beside others, is not supported by the playground (the spaces between them would not be Go's); print it on its own or with Printf")
			return nil
		}
		pieces = append(pieces, &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(fmtName), Sel: ast.NewIdent("Sprint")}, Args: []ast.Expr{piece}})
		kind := l.stringKind(p, t)
		if kind == nil {
			qualify := func(p *types.Package) string { return p.Name() }
			l.unsupported(op.Pos(), "printing a "+l.typeString(t, qualify)+" that may hold a "+l.typeString(l.hiddenString(t), qualify)+
				" beside other operands with "+name+" is not supported by the playground (the spaces between them would not be Go's); print it on its own or with Printf")
			return nil
		}
		strs = append(strs, kind)
	}
	spaced := l.helper("spaced", "spaced", func(n string) string {
		return "func " + n + "(strs []bool, pieces ...string) string {\n\ts := \"\"\n\tfor i, p := range pieces {\n" +
			"\t\tif i > 0 && !strs[i] && !strs[i-1] {\n\t\t\ts += \" \"\n\t\t}\n\t\ts += p\n\t}\n\treturn s\n}"
	})
	lit := l.parseExpr("func(" + strings.Join(params, ", ") + ") " + results + " {\nreturn " + fmtName + "." + name + "()\n}").(*ast.FuncLit)
	ret := lit.Body.List[0].(*ast.ReturnStmt).Results[0].(*ast.CallExpr)
	joined := &ast.CallExpr{Fun: ast.NewIdent(spaced), Args: append([]ast.Expr{&ast.CompositeLit{Type: l.parseExpr("[]bool"), Elts: strs}}, pieces...)}
	ret.Args = append(heads, joined)
	args := append(append([]ast.Expr{}, call.Args[:first]...), orig...)
	return &ast.CallExpr{Fun: lit, Lparen: call.Lparen, Args: args, Rparen: call.Rparen}
}

// stringKind is a boolean expression telling whether fmt takes the value
// of p, of static type t, for a string when it spaces operands: by the
// static type, or for an interface by the name of the dynamic type (the
// interpreter hands fmt a wrapper for a value of the program's types).
func (l *lowerer) stringKind(p string, t types.Type) ast.Expr {
	if t == nil || !types.IsInterface(t) {
		b, ok := typeOrNil(t).Underlying().(*types.Basic)
		return ast.NewIdent(strconv.FormatBool(ok && b != nil && b.Info()&types.IsString != 0))
	}
	if l.hiddenString(t) != nil {
		return nil
	}
	qualify := func(p *types.Package) string { return p.Name() }
	var strNames, others []string
	for _, tn := range l.ownTypes() {
		for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			name := strconv.Quote(l.typeString(c, qualify))
			if b, ok := c.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				strNames = append(strNames, name)
			} else {
				others = append(others, name)
			}
		}
	}
	sort.Strings(strNames)
	sort.Strings(others)
	fmtName := l.importName("fmt")
	h := l.helper("isstring", "isstring", func(n string) string {
		var b strings.Builder
		b.WriteString("func " + n + "(v any, name string) bool {\n\tif v == nil {\n\t\treturn false\n\t}\n\tswitch name {\n")
		if len(strNames) > 0 {
			b.WriteString("\tcase " + strings.Join(strNames, ", ") + ":\n\t\treturn true\n")
		}
		if len(others) > 0 {
			b.WriteString("\tcase " + strings.Join(others, ", ") + ":\n\t\treturn false\n")
		}
		// Not the program's: fmt sees the value itself, and spaces it
		// from a number unless it is a string.
		b.WriteString("\t}\n\treturn " + fmtName + ".Sprint(0, v) == \"0\"+" + fmtName + ".Sprint(v)\n}")
		return b.String()
	})
	return &ast.CallExpr{Fun: ast.NewIdent(h), Args: []ast.Expr{ast.NewIdent(p), l.typeName(ast.NewIdent(p), t)}}
}

// hiddenString returns a type of the program of a string kind whose
// values an interface of type t holds in the interpreter's wrapper,
// which hides their type (hiddenIn), or nil if there is none.
func (l *lowerer) hiddenString(t types.Type) types.Type {
	if l.hiddenIn(t) == nil {
		return nil
	}
	for _, c := range l.showTypes(t, false) {
		_, isPtr := c.(*types.Pointer)
		b, ok := c.Underlying().(*types.Basic)
		if !isPtr && !isError(t) && ok && b.Info()&types.IsString != 0 {
			return c
		}
	}
	return nil
}
