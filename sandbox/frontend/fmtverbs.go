package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// formatArg returns the position of the format among a fmt function's
// arguments, -1 for the print functions without one, or -2 for functions
// that are not print functions.
func formatArg(name string) int {
	switch name {
	case "Printf", "Sprintf", "Errorf":
		return 0
	case "Fprintf", "Appendf":
		return 1
	case "Print", "Println", "Sprint", "Sprintln", "Fprint", "Fprintln", "Append", "Appendln":
		return -1
	}
	return -2
}

// lowerFmt adjusts a print whose operands the interpreter would print
// differently from Go: %T of the program's own types (the interpreter's
// types have other names), numeric verbs on the program's types with a
// String or Error method (the interpreter hands fmt a wrapper in their
// place), values of the program's error types (fmt would not see their
// Error method), and %w in Errorf (the compiled fmt cannot unwrap the
// program's error values). It edits call in place, or returns a
// replacement.
func (l *lowerer) lowerFmt(call *ast.CallExpr, name string) ast.Expr {
	fi := formatArg(name)
	if fi == -2 {
		return nil
	}
	if call.Ellipsis.IsValid() {
		return l.lowerFmtSpread(call, name)
	}
	first := 0
	switch name {
	case "Fprint", "Fprintln", "Append", "Appendln":
		first = 1
	}
	var verbs []progfmt.Verb
	if fi < 0 && l.refuseTupleOperand(call, first) {
		return nil
	}
	f := &fmtCall{call: call, name: name, fi: fi}
	if fi >= 0 {
		if fi >= len(call.Args) {
			return nil
		}
		tv := l.typeAndValue(call.Args[fi])
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			l.variableFormat(call, name, fi)
			return nil
		}
		f.format = []byte(constant.StringVal(tv.Value))
		verbs = progfmt.Verbs(string(f.format))
		first = fi + 1
	}
	f.first = first
	f.operands = call.Args[first:]
	n := len(f.operands)
	f.verbOf = make([]byte, n)
	f.flagsOf = make([]string, n)
	f.sizedOf = make([]bool, n)
	for i := range f.verbOf {
		f.verbOf[i] = 'v'
	}
	f.withW = append([]byte(nil), f.format...)
	for _, v := range verbs {
		l.fmtVerb(f, v)
	}
	f.opTypes = make([]types.Type, n)
	f.named = make([]ast.Expr, n)
	f.nilOps = make([]ast.Expr, n)
	for i, op := range f.operands {
		l.fmtOperand(f, i, op)
	}
	if !f.changed {
		return nil
	}
	if l.refuseOperandOfSeveralVerbs(f, verbs) {
		return nil
	}
	return l.rewriteFmt(f)
}

// refuseOperandOfSeveralVerbs refuses a call whose format prints one
// operand with verbs of different kinds through explicit indexes
// ("%[1]v %[1]T") when the lowering changes that operand or one of its
// verbs: the operand is passed once, lowered for one verb (its type's
// name for %T), and every verb would print that.
func (l *lowerer) refuseOperandOfSeveralVerbs(f *fmtCall, verbs []progfmt.Verb) bool {
	first := map[int]progfmt.Verb{}
	for _, v := range verbs {
		if v.Arg < 0 || v.Arg >= len(f.operands) {
			continue
		}
		w, ok := first[v.Arg]
		if !ok {
			first[v.Arg] = v
			continue
		}
		if w.C == v.C && w.Flags == v.Flags {
			continue
		}
		i, op := v.Arg, f.operands[v.Arg]
		changed := f.named[i] != nil || f.nilOps[i] != nil || l.shown[op] != 0 || slices.Contains(f.wrapped, i) ||
			l.adjustOperand(op, f.opTypes[i], f.verbOf[i]) != op
		for _, u := range verbs {
			if u.Arg == i && f.format[u.At] != u.C {
				changed = true
			}
		}
		if changed {
			at := op.Pos()
			if !at.IsValid() { // an operand an earlier step wrote (a constant's conversion)
				at = f.call.Pos()
			}
			l.unsupported(at, "printing one operand with two kinds of verb (%"+string(w.C)+" and %"+string(v.C)+", operand "+strconv.Itoa(i+1)+
				") is not supported by the playground here (it would be printed as for one of them); pass the value once for each verb")
			return true
		}
	}
	return false
}

// fmtCall is what lowerFmt learns of a print call, verb by verb and
// operand by operand. lowerFmt is split into the methods that take it:
// as one function it was among the largest of the front end, which the
// browser's engine optimises at great cost on a first run.
type fmtCall struct {
	call     *ast.CallExpr
	name     string
	fi       int // formatArg's
	first    int // the first operand's argument
	format   []byte
	withW    []byte // the format with %w kept, for the compiled Errorf
	operands []ast.Expr
	verbOf   []byte
	flagsOf  []string
	sizedOf  []bool
	opTypes  []types.Type
	named    []ast.Expr
	nilOps   []ast.Expr
	wrapped  []int
	changed  bool
}

// variableFormat refuses what a format that is not a constant would print
// otherwise than Go, or has the format read when the program runs.
func (l *lowerer) variableFormat(call *ast.CallExpr, name string, fi int) {
	for _, op := range call.Args[fi+1:] {
		if l.refusePromotedPrintMethod(op, l.typeOf(op), 0) || l.refuseVariableFormatOperand(op, l.typeOf(op)) {
			continue
		}
		// An interface operand reaches fmt with its methods (a
		// wrapper of them); what it holds nested does not.
		if t := l.typeOf(op); !types.IsInterface(typeOrNil(t)) && l.showOperandNeeds(t, 'v') {
			l.unsupported(op.Pos(), "printing a "+l.typeString(t, func(p *types.Package) string { return p.Name() })+
				" with a format that is not a constant is not supported by the playground (values of the program's types in it would not print as in Go); write the format as a string literal")
			continue
		}
		l.refuseNestedPrintMethods(op, l.typeOf(op), 'v')
	}
	if len(l.ownTypes()) > 0 && !l.unknownVerbHazard() {
		l.formatAtRunTime(call, name)
	}
}

// fmtVerb records the verb v of a constant format and adjusts the format
// for it.
func (l *lowerer) fmtVerb(f *fmtCall, v progfmt.Verb) {
	if v.Arg < 0 || v.Arg >= len(f.operands) {
		return
	}
	format, withW, operands := f.format, f.withW, f.operands
	f.verbOf[v.Arg] = v.C
	f.flagsOf[v.Arg] = v.Flags
	f.sizedOf[v.Arg] = v.Sized
	switch {
	case v.C == 'w' && f.name == "Errorf" && l.hasOwnErrors():
		format[v.At] = 'v'
		f.verbOf[v.Arg] = 'v'
		f.wrapped = append(f.wrapped, v.Arg)
		f.changed = true
	case l.nilSharpVerb(format, v, operands[v.Arg]):
		format[v.At] = 's'
		withW[v.At] = 's'
		f.verbOf[v.Arg] = 'S' // nilPrintOperand's %#v
		f.changed = true
	case v.C == 'T' && types.IsInterface(typeOrNil(l.typeOf(operands[v.Arg]))) && l.lostTypeName(l.typeOf(operands[v.Arg])) != nil:
		t := l.lostTypeName(l.typeOf(operands[v.Arg]))
		qualify := func(p *types.Package) string { return p.Name() }
		l.unsupported(operands[v.Arg].Pos(), "%T of an interface value in a program that puts "+l.typeString(t, qualify)+
			" values in interfaces is not supported by the playground (the interpreter names that type "+
			types.TypeString(erasedNames(t), qualify)+"); print %T of a variable of the type itself")
	case v.C == 'T' && types.IsInterface(typeOrNil(l.typeOf(operands[v.Arg]))) && l.unnamedStructTwins():
		l.unsupported(operands[v.Arg].Pos(), "%T of an interface value in a program that writes out a struct type with the fields of one of its named struct types is not supported by the playground (the interpreter cannot tell the two apart); declare a named type for the struct")
	case v.C == 'v' && strings.Contains(v.Flags, "#") && !types.IsInterface(typeOrNil(l.typeOf(operands[v.Arg]))) && mentionsIterSeq(typeOrNil(l.typeOf(operands[v.Arg]))):
		l.unsupported(operands[v.Arg].Pos(), "%#v of an iter.Seq or iter.Seq2 value is not supported by the playground (it would name the func type); print it with %v or %T")
	case v.C == 'T' && l.typeOf(operands[v.Arg]) != nil && l.namesStatically(l.typeOf(operands[v.Arg])):
		format[v.At] = 's'
		withW[v.At] = 's'
		f.changed = true
	}
}

// fmtOperand decides how the operand op, the i-th, is to be printed.
func (l *lowerer) fmtOperand(f *fmtCall, i int, op ast.Expr) {
	opTypes, verbOf, flagsOf, named := f.opTypes, f.verbOf, f.flagsOf, f.named
	opTypes[i] = l.typeOf(op)
	sv := showVerb(verbOf[i], flagsOf[i])
	if e := l.promotedStringCall(op, opTypes[i], verbOf[i], flagsOf[i], f.name); e != nil && f.wrapped == nil {
		named[i], f.changed = e, true // refuse_promoted.go
		return
	}
	if verbOf[i] != 'T' && verbOf[i] != 'p' && l.refusePromotedPrintMethod(op, opTypes[i], verbOf[i]) || l.refuseHiddenType(op, opTypes[i], sv) || sv == '+' && l.refuseMapKeysPlusV(op, opTypes[i]) {
		return
	}
	byNames := false
	if f.wrapped == nil {
		named[i] = l.namedOperand(op, opTypes[i], verbOf[i], flagsOf[i])
		byNames = named[i] != nil
	} else {
		byNames = l.namedOperand(op, opTypes[i], verbOf[i], flagsOf[i]) != nil // lowerErrorf's
	}
	if l.showPreferred(opTypes[i], sv, byNames) {
		if l.refuseShow(op, opTypes[i], sv) || l.refuseHiddenMethods(op, opTypes[i]) || f.sizedOf[i] && l.refuseSizedNilPointer(op, opTypes[i], sv) {
			return
		}
		// What the operand holds reaches fmt otherwise than Go's
		// fmt sees it (printshow.go); %#v names are progfmt's.
		named[i] = nil
		if sv == '#' && !types.IsInterface(opTypes[i]) && l.sharpNames(opTypes[i], map[types.Type]bool{}) {
			qualify := func(p *types.Package) string { return p.Name() }
			l.unsupported(op.Pos(), "%#v of a value of type "+l.typeString(opTypes[i], qualify)+" is not supported by the playground (the program's type names would be missing); use %+v")
			return
		}
		if l.shown == nil {
			l.shown = map[ast.Expr]byte{}
		}
		l.shown[op] = sv
		f.changed = true
		return
	}
	l.refuseNestedPrintMethods(op, opTypes[i], verbOf[i])
	if named[i] == nil && f.wrapped == nil {
		f.nilOps[i] = l.nilPrintedOperand(op, opTypes[i], verbOf[i], flagsOf[i])
	}
	if named[i] != nil || f.nilOps[i] != nil || l.adjustOperand(op, opTypes[i], verbOf[i]) != op {
		f.changed = true
	}
}

// rewriteFmt rewrites a print call that lowerFmt found to need it: it
// edits the call in place, or returns a replacement.
func (l *lowerer) rewriteFmt(f *fmtCall) ast.Expr {
	call, operands := f.call, f.operands
	l.note("fmt operands")
	if f.format != nil {
		call.Args[f.fi] = &ast.BasicLit{ValuePos: call.Args[f.fi].Pos(), Kind: token.STRING, Value: strconv.Quote(string(f.format))}
	}
	if f.wrapped == nil {
		orig := append([]ast.Expr{}, operands...)
		for i, op := range operands {
			operands[i] = l.adjustOperand(op, f.opTypes[i], f.verbOf[i])
			if f.named[i] != nil {
				operands[i] = f.named[i]
			}
			if f.nilOps[i] != nil {
				operands[i] = f.nilOps[i]
			}
		}
		if f.fi < 0 {
			return l.spaceOperands(call, f.name, f.first, orig, operands, f.opTypes)
		}
		return nil
	}
	return l.lowerErrorf(call, string(f.withW), operands, f.opTypes, f.verbOf, f.flagsOf, f.wrapped)
}

// adjustOperand returns the operand to pass to fmt for a verb.
func (l *lowerer) adjustOperand(op ast.Expr, t types.Type, c byte) ast.Expr {
	if e := l.nilPrintOperand(op, t, c); e != nil {
		return e
	}
	switch {
	case t == nil:
		return op
	case l.shown[op] != 0:
		// A call's nil result of the program's interface reaches the
		// helper broken; as an element it keeps its type (keepIface).
		return &ast.CallExpr{Fun: ast.NewIdent(l.showConv(t, 0, modeOf(l.shown[op]))), Lparen: op.Pos(), Args: []ast.Expr{l.keepIface(op, t)}, Rparen: op.End()}
	case len(l.boxes) > 0 && types.IsInterface(t) && !methodsOf(t) && c != 'T' && c != 'w' && !l.hasPrintMethods():
		// A boxed value prints as itself (see boxing.go). (A box has no
		// methods, so an interface with methods never holds one; and
		// the interpreter passes a nil one on as a broken value.)
		return &ast.CallExpr{Fun: ast.NewIdent(l.unboxPrint()), Args: []ast.Expr{op}}
	case c == 'T' && l.namesStatically(t):
		return l.typeName(op, t)
	case l.printableElements(t, c) != "":
		return &ast.CallExpr{Fun: ast.NewIdent(l.printableElements(t, c)), Lparen: op.Pos(), Args: []ast.Expr{op}, Rparen: op.End()}
	case l.programInterfaceOperand(op, t, c) != nil:
		return l.programInterfaceOperand(op, t, c)
	case strings.IndexByte("vsqxX", c) >= 0 && l.pointerPrintOperand(t):
		// The interpreter hands fmt a variable or a literal with its
		// pointer's methods (and a conversion's result with a broken
		// one); a function's result it hands as Go does, when the value
		// has no method of its own (fmt formats what that returns).
		if own, _ := l.pointerPrintMethods(t); own != "" {
			return &ast.CallExpr{Fun: &ast.SelectorExpr{X: op, Sel: ast.NewIdent(own)}, Lparen: op.End(), Rparen: op.End()}
		}
		texpr, _ := l.typeExpr(t)
		return &ast.CallExpr{Fun: l.parseExpr("func(v " + texpr + ") " + texpr + " { return v }"), Lparen: op.Pos(), Args: []ast.Expr{op}, Rparen: op.End()}
	case strings.IndexByte("vsqxX", c) >= 0 && l.ownErrorType(t):
		// A conversion error(op) is not enough: only a value that went
		// through a function's error result reaches fmt with its method.
		h := l.helper("aserror", "aserror", func(n string) string {
			return "func " + n + "(err error) error { return err }"
		})
		return &ast.CallExpr{Fun: ast.NewIdent(h), Args: []ast.Expr{op}}
	case strings.IndexByte("vsqxX", c) >= 0 && l.stringerResult(op, t) != nil:
		return l.stringerResult(op, t)
	case strings.IndexByte("vsqxXTpw", c) < 0:
		if conv := l.plainOperand(op, t); conv != nil {
			return conv
		}
	}
	return op
}

// lowerErrorf replaces fmt.Errorf with %w operands by a function literal
// that takes the operands once, formats them with Sprintf and wraps the
// %w ones in the interpreter's own wrapper type. When none of the %w
// operands is a value of the program's error types (or of the wrapper), it
// calls the compiled Errorf with the format withW instead: the compiled
// packages (errors.Is in a library, the course's packages) cannot unwrap
// the interpreter's wrapper.
func (l *lowerer) lowerErrorf(call *ast.CallExpr, withW string, operands []ast.Expr, ts []types.Type, verbOf []byte, flagsOf []string, wrapped []int) ast.Expr {
	for _, w := range wrapped {
		if ts[w] == nil || !types.Implements(ts[w], errorType) || types.Identical(ts[w], types.Typ[types.UntypedNil]) {
			return nil
		}
	}
	fmtName := l.importName("fmt")
	var params []string
	names := make([]ast.Expr, len(operands))
	for i, t := range ts {
		texpr, _ := l.typeExpr(types.Default(t))
		p := l.fresh("a")
		params = append(params, p+" "+texpr)
		names[i] = ast.NewIdent(p)
	}
	sort.Ints(wrapped)
	var errs []string
	for i, w := range wrapped {
		if i == 0 || wrapped[i-1] != w {
			errs = append(errs, names[w].(*ast.Ident).Name)
		}
	}
	helper := l.helper("fmt.Errorf", "errorf", func(n string) string {
		return strings.ReplaceAll(errorfHelper, "$F", n)
	})
	wrap := helper + "(msg, " + errs[0] + ")"
	if len(errs) > 1 {
		wrap = helper + "_many(msg, []error{" + strings.Join(errs, ", ") + "})"
	}
	compiled := ""
	if !l.localErrorTypes() {
		own := l.ownErrorValue(helper)
		var conds []string
		for _, e := range errs {
			conds = append(conds, "!"+own+"("+e+")")
		}
		compiled = "if " + strings.Join(conds, " && ") + " {\nreturn " + fmtName + ".Errorf(_fl_format" +
			strings.Repeat(", _fl_arg", len(operands)) + ")\n}\n"
	}
	lit := l.parseExpr("func(" + strings.Join(params, ", ") + ") error {\n" + compiled + "msg := " + fmtName + ".Sprintf(_fl_format" +
		strings.Repeat(", _fl_arg", len(operands)) + ")\nreturn " + wrap + "\n}")
	body := lit.(*ast.FuncLit).Body.List
	if compiled != "" {
		errorf := body[0].(*ast.IfStmt).Body.List[0].(*ast.ReturnStmt).Results[0].(*ast.CallExpr)
		errorf.Args[0] = &ast.BasicLit{ValuePos: call.Args[0].Pos(), Kind: token.STRING, Value: strconv.Quote(withW)}
		for i := range operands {
			c := verbOf[i]
			if slices.Contains(wrapped, i) {
				c = 'w'
			}
			errorf.Args[i+1] = l.adjustOperand(ast.NewIdent(names[i].(*ast.Ident).Name), ts[i], c)
			if named := l.namedOperand(ast.NewIdent(names[i].(*ast.Ident).Name), ts[i], c, flagsOf[i]); named != nil {
				errorf.Args[i+1] = named
			}
		}
		body = body[1:]
	}
	sprintf := body[0].(*ast.AssignStmt).Rhs[0].(*ast.CallExpr)
	sprintf.Args[0] = call.Args[0]
	for i := range operands {
		sprintf.Args[i+1] = l.adjustOperand(names[i], ts[i], verbOf[i])
		if named := l.namedOperand(names[i], ts[i], verbOf[i], flagsOf[i]); named != nil {
			sprintf.Args[i+1] = named
		}
	}
	return &ast.CallExpr{Fun: lit, Lparen: call.Lparen, Args: operands, Rparen: call.Rparen}
}

// localErrorTypes reports whether the program declares an error type
// inside a function, which ownErrorValue cannot name.
func (l *lowerer) localErrorTypes() bool {
	for _, obj := range l.info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.Parent() == nil || tn.Parent() == l.pkg.Scope() || tn.IsAlias() {
			continue
		}
		if _, isParam := tn.Type().(*types.TypeParam); isParam {
			continue
		}
		if types.Implements(tn.Type(), errorType) || types.Implements(types.NewPointer(tn.Type()), errorType) {
			return true
		}
	}
	return false
}

// errorfHelper wraps the %w operands of a lowered fmt.Errorf.
const errorfHelper = `type $F_one struct {
	msg string
	err error
}

func (e *$F_one) Error() string { return e.msg }

func (e *$F_one) Unwrap() error { return e.err }

func $F(msg string, err error) error { return &$F_one{msg: msg, err: err} }

type $F_list struct {
	msg  string
	errs []error
}

func (e *$F_list) Error() string { return e.msg }

func (e *$F_list) Unwrap() []error { return e.errs }

func $F_many(msg string, errs []error) error { return &$F_list{msg: msg, errs: errs} }`

// mentionsOwnType reports whether t is an interface or involves a named
// type declared in the program.
func (l *lowerer) mentionsOwnType(t types.Type) bool {
	if types.IsInterface(t) {
		return len(l.ownTypes()) > 0
	}
	return strings.Contains(types.TypeString(t, func(p *types.Package) string {
		if p == l.pkg {
			return "\x00"
		}
		return p.Path()
	}), "\x00")
}

// namesStatically reports whether the %T of an operand of type t is
// written by the front end: a type that mentions one of the program's
// own, or a sequence type, which the interpreter holds as its func type
// (refuse_iterseq.go).
func (l *lowerer) namesStatically(t types.Type) bool {
	return l.mentionsOwnType(unaliasDeep(t)) || !types.IsInterface(t) && mentionsIterSeq(t)
}

// ownTypes lists the program's package-level, non-generic, non-interface
// named types.
func (l *lowerer) ownTypes() []*types.TypeName {
	var out []*types.TypeName
	for _, name := range l.pkg.Scope().Names() {
		tn, ok := l.pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
			continue
		}
		out = append(out, tn)
	}
	return out
}

// typeName replaces the operand of a %T: by its static type's name when
// that is not an interface, else by a helper that names the dynamic type.
func (l *lowerer) typeName(op ast.Expr, t types.Type) ast.Expr {
	qualify := func(p *types.Package) string { return p.Name() }
	if !types.IsInterface(t) {
		h := l.helper("typename", "typename", func(n string) string {
			return "func " + n + "(_ any, name string) string { return name }"
		})
		return &ast.CallExpr{Fun: ast.NewIdent(h), Args: []ast.Expr{op, l.parseExpr(strconv.Quote(l.typeString(t, qualify)))}}
	}
	if l.packageInterface(t) {
		if h := l.wrappedTypeHelper(t); h != "" {
			return &ast.CallExpr{Fun: ast.NewIdent(h), Args: []ast.Expr{op}}
		}
	}
	return &ast.CallExpr{Fun: ast.NewIdent(l.dynTypeHelper()), Args: []ast.Expr{op}}
}

// wrappedTypeHelper declares the helper naming the dynamic type of a
// value of a package's interface type t (error, fmt.Stringer), and
// returns its name, or "" when t cannot be named: the interpreter holds
// a value of the program's type there in a wrapper of its own, which
// only assertions from t see through.
func (l *lowerer) wrappedTypeHelper(t types.Type) string {
	texpr, local := l.typeExpr(t)
	if local {
		return ""
	}
	return l.helper("wrappedtype "+texpr, "wrappedtype", func(n string) string {
		var b strings.Builder
		b.WriteString("func " + n + "(v " + texpr + ") string {\n")
		qualify := func(p *types.Package) string { return p.Name() }
		it := t.Underlying().(*types.Interface)
		for _, tn := range l.ownTypes() {
			for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if _, local := l.typeExpr(c); local || !types.Implements(c, it) {
					continue
				}
				x := "_"
				if !isError(t) && nativeTypeTest(c) {
					x = "_fl_x" // caseOn declares it
					b.WriteString("\t" + l.caseOn("v", t, c, x) + "\t\t_ = " + x + "\n\t\treturn " + strconv.Quote(l.typeString(c, qualify)) + "\n\t}\n")
					continue
				}
				b.WriteString("\t" + l.caseOn("v", t, c, x) + "\t\treturn " + strconv.Quote(l.typeString(c, qualify)) + "\n\t}\n")
			}
		}
		if isError(t) {
			for _, c := range l.errorfStandIns() {
				b.WriteString("\tif _, ok := v.(" + c[0] + "); ok {\n\t\treturn " + strconv.Quote(c[1]) + "\n\t}\n")
			}
		}
		b.WriteString("\treturn " + l.dynTypeHelper() + "(v)\n}")
		return b.String()
	})
}

// dynTypeHelper declares the helper naming the dynamic type of an
// interface value as Go does (main.T for the program's types, boxed or
// not, and []main.T for types made of them, progfmt.TypeName, unless the
// program writes a struct type out with the fields of one of its own)
// and returns its name. Its cases are written at the end, when every
// box is known ($dyncases).
func (l *lowerer) dynTypeHelper() string {
	if _, ok := l.helpers["dyntype"]; ok {
		return l.helpers["dyntype"]
	}
	rest := l.importName("fmt") + `.Sprintf("%T", v)`
	if !l.unnamedStructTwins() {
		table := l.fmtHelper()
		rest = l.importName(progfmt.Path) + ".TypeName(" + table + "_table, " + table + "_zeros, v)"
	}
	return l.helper("dyntype", "dyntype", func(n string) string {
		// A nil of one of the program's interfaces passed here fails
		// every assertion of the cases in the interpreter (anysites.go).
		return "func " + n + "(v any) string {\n\tif v == nil {\n\t\treturn \"<nil>\"\n\t}\n$dyncases\treturn " + rest + "\n}"
	})
}

// dynCases are the tests of the dynamic type helper, one per type.
func (l *lowerer) dynCases() string {
	qualify := func(p *types.Package) string { return p.Name() }
	var b strings.Builder
	b.WriteString(l.grabDynCases())
	// Boxes first, then the types comma-ok tells apart (structs,
	// pointers), then the ones the interpreter's type switch does.
	var ordered []types.Type
	for pass := 0; pass < 3; pass++ {
		for _, tn := range l.ownTypes() {
			for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				_, boxed := l.boxKey(t)
				switch {
				case pass == 0 && boxed, pass == 1 && !boxed && !nativeTypeTest(t), pass == 2 && !boxed && nativeTypeTest(t):
					ordered = append(ordered, t)
				}
			}
		}
	}
	for _, t := range ordered {
		{
			s := l.typeString(t, qualify)
			key, boxed := l.boxKey(t)
			if boxed {
				if name := l.boxes[key]; name != "" {
					b.WriteString("\tif _, ok := v.(" + name + "); ok {\n\t\treturn " + strconv.Quote(s) + "\n\t}\n")
				}
				continue
			}
			b.WriteString("\tif " + l.typeTest("v", t) + " {\n\t\treturn " + strconv.Quote(s) + "\n\t}\n")
		}
	}
	// Slices, maps and the like of the program's non-struct types, which
	// the interpreter names by the underlying types.
	for _, t := range l.lostTypes() {
		if l.lostNameable(t) {
			texpr, _ := l.typeExpr(t)
			b.WriteString("\tif _, ok := v.(" + texpr + "); ok {\n\t\treturn " + strconv.Quote(l.typeString(t, qualify)) + "\n\t}\n")
		}
	}
	if _, ok := l.helpers["fmt.Errorf"]; ok {
		for _, c := range l.errorfStandIns() {
			b.WriteString("\tif _, ok := v.(" + c[0] + "); ok {\n\t\treturn " + strconv.Quote(c[1]) + "\n\t}\n")
		}
	}
	return b.String()
}

// hasPrintMethods reports whether a type of the program has a String,
// Error or Format method: its values reach fmt with them only when passed
// as they are (the unboxing helper would lose them).
func (l *lowerer) hasPrintMethods() bool { return l.hasMethodOf("String", "Error", "Format") }

// hasMethodOf reports whether a type of the program, or a pointer to one,
// has one of the methods names.
func (l *lowerer) hasMethodOf(names ...string) bool {
	for _, tn := range l.ownTypes() {
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			ms := types.NewMethodSet(t)
			for _, m := range names {
				if ms.Lookup(l.pkg, m) != nil {
					return true
				}
			}
		}
	}
	return false
}

// typeString is types.TypeString with the written-out generics named as
// Go names them (main.List[int]), and aliases replaced by what they
// stand for, as Go's runtime names types.
func (l *lowerer) typeString(t types.Type, qualify types.Qualifier) string {
	s := runtimeTypeArgs(types.TypeString(unaliasDeep(t), qualify))
	if len(l.instances) == 0 {
		return s
	}
	if l.instanceRx == nil {
		names := make([]string, 0, len(l.instances))
		for name := range l.instances {
			names = append(names, regexp.QuoteMeta(name))
		}
		// Longest first: _fl_List_10 before _fl_List_1.
		sort.Slice(names, func(i, j int) bool {
			return len(names[i]) > len(names[j]) || len(names[i]) == len(names[j]) && names[i] < names[j]
		})
		l.instanceRx = regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
	}
	return runtimeTypeArgs(l.instanceRx.ReplaceAllStringFunc(s, func(name string) string { return l.instances[name] }))
}

// plainOperand converts an operand of the program's own named basic type
// with a String or Error method to its underlying type, so that a numeric
// verb prints the number; it returns nil when no conversion is needed.
func (l *lowerer) plainOperand(op ast.Expr, t types.Type) ast.Expr {
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() != l.pkg {
		return nil
	}
	basic, ok := named.Underlying().(*types.Basic)
	if !ok {
		return nil
	}
	ms := types.NewMethodSet(named)
	if ms.Lookup(l.pkg, "String") == nil && ms.Lookup(l.pkg, "Error") == nil {
		return nil
	}
	return &ast.CallExpr{Fun: ast.NewIdent(basic.Name()), Args: []ast.Expr{op}}
}

// runtimeTypeArgs writes the type argument lists of a go/types type
// string as Go's run time names types: iter.Seq2[string,int], where
// go/types writes iter.Seq2[string, int] (the lists of a func's
// parameters keep their spaces in both).
func runtimeTypeArgs(s string) string {
	if !strings.Contains(s, "[") {
		return s
	}
	var b strings.Builder
	var stack []bool // per open bracket: is it a type argument list
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '[':
			j := i
			for j > 0 && (isIdentByte(s[j-1])) {
				j--
			}
			word := s[j:i]
			stack = append(stack, word != "" && word != "map")
		case '(', '{':
			stack = append(stack, false)
		case ']', ')', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ',':
			if len(stack) > 0 && stack[len(stack)-1] && i+1 < len(s) && s[i+1] == ' ' {
				b.WriteByte(',')
				i++
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
