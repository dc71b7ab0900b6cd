package frontend

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Operands spread from a slice (fmt.Println(args...)).
//
// The interpreter hands a compiled function the elements of a []any
// spread into its variadic parameter as they are held: a value of the
// program's type with methods as the interpreter's own record of it, a
// boxed value (boxing.go) as its box. fmt then prints {21.5} for a
// Celsius and the record's fields for a Level with a String method. The
// slice goes through a helper that converts each element as an operand
// of its place would be: for Println and the other ln functions, what
// fmt prints with %v (printshow.go); for Print, Sprint and Fprint, the
// same when no type of the program has a method fmt calls, else each
// operand printed alone and the pieces spaced by the kinds of the values
// (spreadPrint); for the formatting functions, the verbs read when the
// program runs (progfmt.Args, formatAtRunTime) when no type of the
// program is boxed or has such a method, else each operand converted
// for the verbs that print it (spreadFormat, fmtspreadf.go). A spread
// that may hold a value the front end cannot convert for some verb is
// refused.

// lowerFmtSpread rewrites the spread operand of call, of fmt's function
// name, and returns nil (it edits call in place).
func (l *lowerer) lowerFmtSpread(call *ast.CallExpr, name string) ast.Expr {
	last := len(call.Args) - 1
	spread := call.Args[last]
	st, ok := typeOrNil(l.typeOf(spread)).Underlying().(*types.Slice)
	if !ok || !types.IsInterface(st.Elem()) || len(l.ownTypes()) == 0 || l.builtinsShadowed() {
		return nil
	}
	texpr, local := l.typeExpr(st.Elem())
	if local {
		return nil
	}
	var conv string
	switch {
	case strings.HasSuffix(name, "ln") || (formatArg(name) < 0 && !l.hasPrintMethods()):
		conv = l.showConv(st.Elem(), 0, modeOf('v')) + "(x)"
	case formatArg(name) >= 0 && !l.unknownVerbHazard():
		l.formatAtRunTime(call, name)
		return nil
	case formatArg(name) >= 0 || spacedResults[name] != "":
		if t := l.lostTypeName(st.Elem()); t != nil && formatArg(name) >= 0 {
			qualify := func(p *types.Package) string { return p.Name() }
			l.unsupported(spread.Pos(), "spreading a slice of "+l.typeString(st.Elem(), qualify)+" into fmt."+name+" is not supported by the playground in a program that puts "+
				l.typeString(t, qualify)+" values in interfaces (the interpreter names that type "+types.TypeString(erasedNames(t), qualify)+" for %T); pass the values one by one")
			return nil
		}
		if r := l.spreadProblem(st.Elem()); r != "" {
			l.unsupported(spread.Pos(), "spreading a slice of "+l.typeString(st.Elem(), func(p *types.Package) string { return p.Name() })+
				" into fmt."+name+" is not supported by the playground where it may hold what the front end cannot convert for some verb (printing "+r+" would not print as in Go); pass the values one by one")
			return nil
		}
		if formatArg(name) < 0 {
			l.spreadPrint(call, name, st.Elem())
			return nil
		}
		l.spreadFormat(call, name, st.Elem())
		return nil
	default:
		l.unsupported(spread.Pos(), "spreading a slice of "+l.typeString(st.Elem(), func(p *types.Package) string { return p.Name() })+
			" into fmt."+name+" is not supported by the playground in a program whose types have String or Error methods or would be boxed (their values would not print as in Go); pass the values one by one, or print with Println")
		return nil
	}
	h := l.helper("fmtspread "+conv, "spread", func(f string) string {
		return "func " + f + "(xs []" + texpr + ") []any {\n\tout := make([]any, len(xs))\n\tfor i, x := range xs {\n\t\tout[i] = " + conv + "\n\t}\n\treturn out\n}"
	})
	call.Args[last] = &ast.CallExpr{Fun: ast.NewIdent(h), Lparen: spread.Pos(), Args: []ast.Expr{spread}, Rparen: spread.End()}
	l.note("fmt operands spread from a slice")
	return nil
}

// unknownVerbHazard reports whether a value of the program's types held
// in an interface may print otherwise than in Go with a verb the front
// end does not know: a type of the program is boxed or has a method fmt
// calls.
func (l *lowerer) unknownVerbHazard() bool { return len(l.boxes) > 0 || l.hasPrintMethods() }

// refuseVariableFormatOperand refuses op, of an empty interface type t,
// printed with a format that is not a constant, when it may hold a value
// of the program's types that would not print as in Go (see
// lowerFmtSpread; in an error or another interface with methods fmt gets
// the interpreter's wrapper, which calls them), and reports whether it
// did.
func (l *lowerer) refuseVariableFormatOperand(op ast.Expr, t types.Type) bool {
	if !isEmptyInterface(typeOrNil(t)) || len(l.ownTypes()) == 0 || l.builtinsShadowed() || !l.unknownVerbHazard() {
		return false
	}
	l.unsupported(op.Pos(), "printing a value of type "+l.typeString(t, func(p *types.Package) string { return p.Name() })+
		" with a format that is not a constant is not supported by the playground in a program whose types have String or Error methods or would be boxed (their values would not print as in Go); write the format as a string literal")
	return true
}

// formatAtRunTime replaces the function of call, fmt's formatting function
// name whose format is not a constant or whose operands are spread, by a
// helper that hands the format and the operands to progfmt.Args first:
// the verbs are known when the program runs, and the operands holding
// the program's structs then print with Go's names (%T, %+v, %#v).
func (l *lowerer) formatAtRunTime(call *ast.CallExpr, name string) {
	if l.builtinsShadowed() {
		return
	}
	table := l.fmtHelper()
	h := l.helper("fmtdyn "+name, "fmtdyn", func(n string) string {
		f, pkg := l.importName("fmt"), l.importName(progfmt.Path)
		params, result, args := l.printfSignature(name, "a")
		return "func " + n + "(" + params + ") " + result + " {\n\tformat, a = " + pkg + ".Args(" + table + "_table, " + table + "_zeros, format, a)\n\treturn " + f + "." + name + "(" + args + ")\n}"
	})
	call.Fun = &ast.Ident{NamePos: call.Fun.Pos(), Name: h}
	l.note("fmt operands read when the program runs")
}

// printfSignature is the parameters and result of a helper standing in
// for fmt's function name (Printf, Sprintf, Errorf, Fprintf, Appendf),
// whose format is format and operands a, and the arguments with which it
// calls fmt's, the operands being ops.
func (l *lowerer) printfSignature(name, ops string) (params, result, args string) {
	params, result, args = "format string, a ...any", "(int, error)", "format, "+ops+"..."
	switch name {
	case "Sprintf":
		result = "string"
	case "Errorf":
		result = "error"
	case "Fprintf":
		params, args = "w "+l.importName("io")+".Writer, "+params, "w, "+args
	case "Appendf":
		params, result, args = "b []byte, "+params, "[]byte", "b, "+args
	}
	return params, result, args
}
