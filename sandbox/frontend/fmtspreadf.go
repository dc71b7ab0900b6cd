package frontend

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Operands spread from a slice into Printf and the other formatting
// functions, in a program whose types have String or Error methods or
// are boxed.
//
// The interpreter hands the compiled fmt the slice as it holds it: a
// value of the program's type with methods is the interpreter's record
// of it (its node and its value), which fmt prints by its fields
// ({0xc000… {…}}), where an operand passed on its own reaches fmt in a
// wrapper with the methods fmt looks for (the run's MapTypes). The verbs
// are known only when the program runs, so the call goes through a
// helper that asks progfmt.Spread which verbs print each operand and
// converts it as the front end converts an operand of type any printed
// with that verb (showConv, printshow.go); progfmt.Args then gives the
// program's structs their Go names. A %w is refused where the front end
// sees it (fmt.Errorf's format is then a constant, lowerFmtSpread), and
// when the program runs elsewhere: the compiled Errorf cannot unwrap the
// program's errors.

// spreadClasses are progfmt.Spread's classes of operands converted by a
// helper of showConv, with the verb of their mode.
var spreadClasses = []struct{ class, verb byte }{
	{'v', 'v'}, {'+', '+'}, {'#', '#'}, {'s', 's'}, {'q', 'q'}, {'x', 'x'}, {'X', 'X'}, {'d', 'd'},
}

// spreadProblem says what of the program's types an any spread into a
// formatting function could not convert for every verb, or "".
func (l *lowerer) spreadProblem(elem types.Type) string {
	qualify := func(p *types.Package) string { return p.Name() }
	if _, local := l.typeExpr(elem); local || !isEmptyInterface(elem) {
		return "a slice of this type"
	}
	for _, tn := range l.ownTypes() {
		if m, from := l.promotedPrintMethod(tn.Type(), map[types.Type]bool{}); m != "" {
			return "a type whose " + m + " method comes from an embedded " + from + " (" + l.typeString(tn.Type(), qualify) + ")"
		}
	}
	if l.hiddenMethods(elem) {
		return "values of types with String or Error methods beside an unexported field of a package's type or of an interface type"
	}
	if l.unnamedStructTwins() {
		return "a struct type written out with the fields of one of its named struct types"
	}
	if m := l.mapKeysShown(elem, map[types.Type]bool{}); m != nil {
		return "a map whose keys may be values of the program's types (" + l.typeString(m, qualify) + ")"
	}
	for _, c := range spreadClasses {
		m := modeOf(c.verb)
		if !l.showNeeds(elem, 0, m, map[types.Type]bool{}) {
			continue
		}
		if r := l.showProblem(elem, m, map[types.Type]bool{}); r != "" {
			return r
		}
	}
	return ""
}

// spreadFormat replaces the function of call, fmt's formatting function
// name whose last operand spreads a slice of elem (an empty interface),
// by the helper that converts the operands when the program runs.
func (l *lowerer) spreadFormat(call *ast.CallExpr, name string, elem types.Type) {
	conv := l.spreadConv(elem)
	table := l.fmtHelper()
	f, pkg := l.importName("fmt"), l.importName(progfmt.Path)
	h := l.helper("fmtspreadf "+name, "fmtspreadf", func(n string) string {
		params, result, args := l.printfSignature(name, "out")
		if name == "Errorf" {
			return "func " + n + "(" + params + ") " + result + " {\n" + l.spreadErrorfBody(conv, table, elem) + "}"
		}
		body := "\tformat, out, _ := " + conv + "(format, a, false)\n\tformat, out = " + pkg + ".Args(" + table + "_table, " + table + "_zeros, format, out)\n\treturn " + f + "." + name + "(" + args + ")\n"
		return "func " + n + "(" + params + ") " + result + " {\n" + body + "}"
	})
	call.Fun = &ast.Ident{NamePos: call.Fun.Pos(), Name: h}
	l.note("fmt operands spread from a slice, converted when the program runs")
}

// spreadConv declares the helper converting the operands a of format
// (spreadFormat) and returns its name. It returns the format, the
// operands to hand fmt and their classes (progfmt.Spread); for Errorf
// (errorf true) the operands of %w are left as they are.
func (l *lowerer) spreadConv(elem types.Type) string {
	return l.helper("fmtspreadconv", "spreadconv", func(n string) string {
		pkg := l.importName(progfmt.Path)
		refuse := func(what string) string {
			return "panic(" + strconv.Quote(what+" is not supported by the playground (it would not print as in Go); pass the values one by one") + ")"
		}
		var b strings.Builder
		b.WriteString("func " + n + "(format string, a []any, errorf bool) (string, []any, string) {\n")
		b.WriteString("\tnils := make([]bool, len(a))\n\tfor i, x := range a {\n\t\tnils[i] = x == nil\n\t}\n")
		b.WriteString("\tf, src, classes, ok := " + pkg + ".Spread(format, nils)\n\tif !ok {\n\t\t" +
			refuse("spreading a slice into a format that prints an operand with verbs of different kinds beside a * width, or leaves operands over after an incomplete verb,") + "\n\t}\n")
		b.WriteString("\tout := make([]any, len(src))\n\tfor j, i := range src {\n\t\tx := a[i]\n\t\tswitch classes[j] {\n")
		for _, c := range spreadClasses {
			m := modeOf(c.verb)
			b.WriteString("\t\tcase " + strconv.QuoteRune(rune(c.class)) + ":\n")
			if l.showNeeds(elem, 0, m, map[types.Type]bool{}) {
				b.WriteString("\t\t\tout[j] = " + l.showConv(elem, 0, m) + "(x)\n")
			} else {
				b.WriteString("\t\t\tout[j] = x\n")
			}
		}
		b.WriteString("\t\tcase 'N', 'T':\n\t\t\tout[j] = " + l.dynTypeHelper() + "(x)\n")
		b.WriteString("\t\tcase 'w':\n\t\t\tif !errorf {\n\t\t\t\t" + refuse("%w outside fmt.Errorf with operands spread from a slice") + "\n\t\t\t}\n\t\t\tout[j] = x\n")
		b.WriteString("\t\tcase 'p':\n\t\t\tc, addr := " + pkg + ".ForP(x)\n\t\t\tif !addr && x != nil && " + l.dynTypeHelper() + "(x) != " + l.importName("fmt") + ".Sprintf(\"%T\", c) {\n\t\t\t\t" +
			refuse("%p of a value of the program's types that is not a pointer, with operands spread from a slice,") + "\n\t\t\t}\n\t\t\tout[j] = c\n")
		b.WriteString("\t\tdefault:\n\t\t\tout[j] = " + pkg + ".Concrete(x)\n")
		b.WriteString("\t\t}\n\t}\n\treturn f, out, classes\n}")
		return b.String()
	})
}

// spreadErrorfBody is the body of the helper for fmt.Errorf: when an
// error its %w verbs print is the program's, fmt.Sprintf prints them with
// %v and the front end's types wrap them (lowerErrorf), which the front
// end's errors.Is and As see through; otherwise the compiled Errorf
// wraps them, as the front end's Errorf does.
func (l *lowerer) spreadErrorfBody(conv, table string, elem types.Type) string {
	f, pkg := l.importName("fmt"), l.importName(progfmt.Path)
	errorf := l.helper("fmt.Errorf", "errorf", func(n string) string {
		return strings.ReplaceAll(errorfHelper, "$F", n)
	})
	own := l.helper("ownerror any", "ownerror", func(n string) string {
		// Asserted from any, case by case: from error, or to error, the
		// interpreter's wrapper may hide the type of a value of the
		// program's, which errors.Is and As would then not find.
		var b strings.Builder
		b.WriteString("func " + n + "(x any) (error, bool) {\n")
		for _, tn := range l.ownTypes() {
			for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if !types.Implements(t, errorType) {
					continue
				}
				texpr, _ := l.typeExpr(t)
				if nativeTypeTest(t) {
					b.WriteString("\tif " + l.typeTest("x", t) + " {\n\t\treturn x.(" + texpr + "), true\n\t}\n")
				} else {
					b.WriteString("\tif c, ok := x.(" + texpr + "); ok {\n\t\treturn c, true\n\t}\n")
				}
			}
		}
		for _, c := range []string{"*" + errorf + "_one", "*" + errorf + "_list"} {
			b.WriteString("\tif c, ok := x.(" + c + "); ok {\n\t\treturn c, true\n\t}\n")
		}
		b.WriteString("\treturn nil, false\n}")
		return b.String()
	})
	show := ""
	if m := modeOf('v'); l.showNeeds(elem, 0, m, map[types.Type]bool{}) {
		show = l.showConv(elem, 0, m)
	}
	args := "(" + table + "_table, " + table + "_zeros, "
	return "\tformat, out, classes := " + conv + "(format, a, true)\n" +
		"\tisErr := make([]bool, len(out))\n\tvar errs []error\n\tmine := false\n" +
		"\tfor j := range out {\n\t\tx := out[j]\n\t\tif classes[j] != 'w' || x == nil {\n\t\t\tcontinue\n\t\t}\n" +
		"\t\tif e, ok := " + own + "(x); ok {\n\t\t\tmine = true\n\t\t\tisErr[j] = true\n\t\t\terrs = append(errs, e)\n\t\t\tcontinue\n\t\t}\n" +
		"\t\te, ok := " + pkg + ".AsError(x)\n" +
		"\t\tif !ok {\n" +
		"\t\t\tif " + pkg + ".TypeName" + args + "x) != " + f + ".Sprintf(\"%T\", " + pkg + ".Concrete(x)) {\n" +
		"\t\t\t\tpanic(" + strconv.Quote("%w of a value of the program's types that is not an error, with operands spread from a slice, is not supported by the playground (it would not print as in Go); pass the values one by one") + ")\n\t\t\t}\n" +
		"\t\t\tcontinue\n\t\t}\n\t\tisErr[j] = true\n\t\terrs = append(errs, e)\n\t}\n" +
		"\tif !mine {\n\t\tformat, out = " + pkg + ".Args" + args + "format, out)\n\t\treturn " + f + ".Errorf(format, out...)\n\t}\n" +
		"\twf, count := " + pkg + ".WrapVerbs(format, isErr)\n" +
		"\tfor j := range out {\n\t\tif isErr[j] {\n\t\t\tout[j] = " + show + "(out[j])\n\t\t}\n\t}\n" +
		"\twf, out = " + pkg + ".Args" + args + "wf, out)\n" +
		"\tmsg := " + f + ".Sprintf(wf, out...)\n" +
		"\tif count == 1 {\n\t\treturn " + errorf + "(msg, errs[0])\n\t}\n\treturn " + errorf + "_many(msg, errs)\n"
}

// spreadPrint replaces the function of call, Print, Sprint, Fprint or
// Append whose last operand spreads a slice of elem (an empty interface),
// in a program whose types have String or Error methods, by a helper
// that prints each operand alone as fmt's %v would (showConv) and joins
// them with fmt's spaces, put by the kinds of the values themselves (a
// String result is a string, the value was not; printspacing.go).
func (l *lowerer) spreadPrint(call *ast.CallExpr, name string, elem types.Type) {
	f := l.importName("fmt")
	show := "x"
	if m := modeOf('v'); l.showNeeds(elem, 0, m, map[types.Type]bool{}) {
		show = l.showConv(elem, 0, m) + "(x)"
	}
	isStr := types.ExprString(l.stringKind("x", elem))
	spaced := l.helper("spaced", "spaced", func(n string) string {
		return "func " + n + "(strs []bool, pieces ...string) string {\n\ts := \"\"\n\tfor i, p := range pieces {\n" +
			"\t\tif i > 0 && !strs[i] && !strs[i-1] {\n\t\t\ts += \" \"\n\t\t}\n\t\ts += p\n\t}\n\treturn s\n}"
	})
	h := l.helper("fmtspreadp "+name, "fmtspreadp", func(n string) string {
		params, head := "a ...any", ""
		switch name {
		case "Fprint":
			params, head = "w "+l.importName("io")+".Writer, "+params, "w, "
		case "Append":
			params, head = "b []byte, "+params, "b, "
		}
		return "func " + n + "(" + params + ") " + spacedResults[name] + " {\n\tstrs := make([]bool, len(a))\n\tpieces := make([]string, len(a))\n" +
			"\tfor i, x := range a {\n\t\tstrs[i] = " + isStr + "\n\t\tpieces[i] = " + f + ".Sprint(" + show + ")\n\t}\n" +
			"\treturn " + f + "." + name + "(" + head + spaced + "(strs, pieces...))\n}"
	})
	call.Fun = &ast.Ident{NamePos: call.Fun.Pos(), Name: h}
	l.note("fmt operands spread from a slice, spaced when the program runs")
}
