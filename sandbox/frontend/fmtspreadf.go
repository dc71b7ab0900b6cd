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
		if c.verb == '+' || c.verb == '#' {
			m = showMode{verb: c.verb, methods: c.verb == '+'}
		}
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
		params, result, args := "format string, a ...any", "(int, error)", "format, out..."
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
		body := "\tformat, out := " + conv + "(format, a)\n\tformat, out = " + pkg + ".Args(" + table + "_table, " + table + "_zeros, format, out)\n\treturn " + f + "." + name + "(" + args + ")\n"
		return "func " + n + "(" + params + ") " + result + " {\n" + body + "}"
	})
	call.Fun = &ast.Ident{NamePos: call.Fun.Pos(), Name: h}
	l.note("fmt operands spread from a slice, converted when the program runs")
}

// spreadConv declares the helper converting the operands a of format
// (spreadFormat) and returns its name. It returns the format and the
// operands to hand fmt.
func (l *lowerer) spreadConv(elem types.Type) string {
	return l.helper("fmtspreadconv", "spreadconv", func(n string) string {
		pkg := l.importName(progfmt.Path)
		refuse := func(what string) string {
			return "panic(" + strconv.Quote(what+" is not supported by the playground (it would not print as in Go); pass the values one by one") + ")"
		}
		var b strings.Builder
		b.WriteString("func " + n + "(format string, a []any) (string, []any) {\n")
		b.WriteString("\tnils := make([]bool, len(a))\n\tfor i, x := range a {\n\t\tnils[i] = x == nil\n\t}\n")
		b.WriteString("\tf, src, classes, ok := " + pkg + ".Spread(format, nils)\n\tif !ok {\n\t\t" +
			refuse("spreading a slice into a format that prints an operand with verbs of different kinds beside a * width, or leaves operands over after an incomplete verb,") + "\n\t}\n")
		b.WriteString("\tout := make([]any, len(src))\n\tfor j, i := range src {\n\t\tx := a[i]\n\t\tswitch classes[j] {\n")
		for _, c := range spreadClasses {
			m := modeOf(c.verb)
			if c.verb == '+' || c.verb == '#' {
				m = showMode{verb: c.verb, methods: c.verb == '+'}
			}
			b.WriteString("\t\tcase " + strconv.QuoteRune(rune(c.class)) + ":\n")
			if l.showNeeds(elem, 0, m, map[types.Type]bool{}) {
				b.WriteString("\t\t\tout[j] = " + l.showConv(elem, 0, m) + "(x)\n")
			} else {
				b.WriteString("\t\t\tout[j] = x\n")
			}
		}
		b.WriteString("\t\tcase 'N', 'T':\n\t\t\tout[j] = " + l.dynTypeHelper() + "(x)\n")
		b.WriteString("\t\tcase 'w':\n\t\t\t" + refuse("%w with operands spread from a slice") + "\n")
		b.WriteString("\t\tdefault:\n\t\t\tout[j] = " + pkg + ".Concrete(x)\n")
		b.WriteString("\t\t}\n\t}\n\treturn f, out\n}")
		return b.String()
	})
}
