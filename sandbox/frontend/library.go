package frontend

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// A template is a helper function standing in for a library function the
// interpreter lacks: the generic functions of slices and maps (which the
// interpreter's symbol tables cannot hold) and the parts of errors that
// must see through the interpreter's own types. Its text names the helper
// $F (and any type it declares $F_something), its type parameters by the
// names listed in types, in the order of the library function's type
// parameters, and packages as $sort, $fmt, $errors, $strings.
type template struct {
	src   string
	types string // type parameter names, in order ("S E")
	// inline lets the template be written at the call as a function
	// literal, for calls whose type arguments only the place of the call
	// can name.
	inline bool
}

// templates by "package.Function". Library functions missing here are
// reported as unsupported when a program calls them.
var templates = map[string]template{}

// register adds templates; the files of helper texts call it from init.
func register(pkg string, types string, src map[string]string) {
	for name, text := range src {
		templates[pkg+"."+name] = template{src: text, types: types}
	}
}

// inline lets the templates of keys be written at the call.
func inline(keys ...string) {
	for _, key := range keys {
		t := templates[key]
		t.inline = true
		templates[key] = t
	}
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// lowerLibraryCall replaces a call of pkgPath.sel by a call of a helper.
func (l *lowerer) lowerLibraryCall(call *ast.CallExpr, pkgPath string, sel *ast.Ident) ast.Expr {
	switch pkgPath {
	case "fmt":
		return l.lowerFmt(call, sel.Name)
	case "slices", "maps", "errors", "cmp", "iter", "sync", "math/rand/v2":
	default:
		return nil
	}
	key := pkgPath + "." + sel.Name
	tmpl, ok := templates[key]
	if !ok {
		if pkgPath == "errors" || pkgPath == "sync" || pkgPath == "math/rand/v2" {
			return nil // errors.Is, New, Unwrap and Join, and sync's and rand's others, run compiled
		}
		l.unsupported(call.Pos(), key+" is not supported by the playground yet")
		return nil
	}
	var args []types.Type
	if inst, ok := l.info.Instances[sel]; ok {
		for i := range inst.TypeArgs.Len() {
			args = append(args, inst.TypeArgs.At(i))
		}
	}
	if key == "errors.Is" && l.refuseErrorsIsOnValueStructs(call) {
		return nil
	}
	if (key == "errors.Is" || key == "errors.Unwrap") && !l.hasOwnErrors() {
		return nil // only the compiled errors are in play
	}
	if key == "errors.As" {
		ptr, ok := l.typeOf(call.Args[1]).Underlying().(*types.Pointer)
		if !ok {
			return nil // a target that is not a typed pointer: keep the compiled As
		}
		_, hidden := l.hiddenAsserter(ptr.Elem())
		hidden = hidden && l.ownInterface(ptr.Elem())
		if !hidden && !l.ownErrorType(ptr.Elem()) && (types.IsInterface(ptr.Elem()) || !l.hasOwnErrors()) {
			// The compiled As handles library types in a chain of
			// library errors; a chain may go through the program's own
			// wrappers (their Unwrap) only where the program declares
			// error types, and the helper asserts to concrete types only.
			return nil
		}
		args = []types.Type{ptr.Elem()}
	}
	if pkgPath == "errors" {
		l.assertable() // the helpers' unwrapping asks it first
		if key != "errors.Unwrap" {
			l.importName(progfmt.Path) // their walk's compiled nodes (errchain.go)
		}
	}
	name, ok := l.instance(key, tmpl, args)
	var fun ast.Expr = ast.NewIdent(name)
	if !ok && tmpl.inline {
		fun, ok = l.inlineInstance(tmpl, args)
	}
	if !ok {
		l.unsupported(call.Pos(), key+" on a type declared inside a function or a type parameter is not supported by the playground; declare the type at package level")
		return nil
	}
	l.note(pkgPath + " helpers")
	return &ast.CallExpr{Fun: fun, Lparen: call.Lparen, Args: call.Args, Ellipsis: call.Ellipsis, Rparen: call.Rparen}
}

// instance declares the helper for one instantiation of a template and
// returns its name; ok is false when a type argument cannot be named at
// package level.
func (l *lowerer) instance(key string, tmpl template, args []types.Type) (string, bool) {
	params := strings.Fields(tmpl.types)
	pairs := []string{}
	var exprs []string
	for i, p := range params {
		if i >= len(args) {
			return "", false
		}
		texpr, local := l.typeExpr(args[i])
		if local {
			return "", false
		}
		exprs = append(exprs, texpr)
		pairs = append(pairs, "$"+p, texpr)
	}
	hint := strings.NewReplacer(".", "_", "/", "_").Replace(key) + "_"
	name := l.helper(key+"["+strings.Join(exprs, ",")+"]", hint, func(name string) string {
		text := l.fillTemplate(tmpl, append(pairs, "$F", name))
		if key == "errors.Is" && l.hasMethodTypes() && !l.nils.active {
			// The interpreter's == of two errors holding values of
			// the program's types panics or is wrong.
			text = strings.Replace(text, "\treturn a == b\n", "\treturn "+l.ifaceEqHelper("error", types.Universe.Lookup("error").Type())+"(a, b)\n", 1)
		}
		if key == "errors.As" && len(args) > 0 {
			if _, hidden := l.hiddenAsserter(args[0]); hidden && l.ownInterface(args[0]) {
				// An interface asking for the packages' hidden methods:
				// each error of the chain through the assertion's helper,
				// which asks progfmt (hidden.go) natively.
				okName, _, _ := l.assertHelpers(types.Universe.Lookup("error").Type(), args[0])
				text = strings.Replace(text, "if "+l.assertable()+"(e) {\n\t\t\tif t, ok := e.("+exprs[0]+"); ok {",
					"{\n\t\t\tif t, ok := "+okName+"(e); ok {", 1)
			}
		}
		if strings.HasPrefix(key, "errors.") && len(args) > 0 {
			if box, ok := l.boxFor(args[0]); ok {
				// The program's boxed error type is asserted by unboxing.
				text = strings.ReplaceAll(text, "e.("+exprs[0]+")", box+"_unbox(e)")
			}
			if h := l.grabHelper(args[0]); h != "" {
				// A struct with a value-receiver Error method (errgrab.go).
				text = strings.ReplaceAll(text, "e.("+exprs[0]+")", h+"(e)")
			}
			if h := l.nilAssertHelper(types.Universe.Lookup("error").Type(), args[0]); h != "" {
				// The marker of a typed nil is found as that nil.
				text = strings.ReplaceAll(text, "e.("+exprs[0]+")", h+"(e)")
			}
			if len(l.grabbed) > 0 && !types.IsInterface(args[0]) {
				// Not a value Grab finds, taken for one of T by its field.
				text = strings.ReplaceAll(text, "e.("+exprs[0]+")", l.assertConcrete(exprs[0])+"(e)")
			}
		}
		if key == "errors.Is" && l.nils.active {
			// Typed nils are compared as markers (nileq.go).
			errT := types.Universe.Lookup("error").Type()
			text = strings.Replace(text, "return a == b", "return "+l.nilEqualHelper(errT, errT)+"(a, b)", 1)
		}
		return text
	})
	return name, true
}

// inlineInstance returns a template as a function literal, for calls
// whose type arguments only the place of the call can name (a type
// parameter, a type declared in a function): the literal spells them as
// the place does. (A generic helper would do, but the interpreter fails
// when a generic function calls another with a defined type argument.)
// ok is false for templates that declare more than one function.
func (l *lowerer) inlineInstance(tmpl template, args []types.Type) (ast.Expr, bool) {
	params := strings.Fields(tmpl.types)
	if len(args) < len(params) || strings.Contains(tmpl.src, "$F_") || strings.Count(tmpl.src, "\nfunc ") > 0 {
		return nil, false
	}
	var pairs []string
	for i, p := range params {
		texpr, _ := l.typeExpr(args[i])
		pairs = append(pairs, "$"+p, texpr)
	}
	src := strings.Replace(tmpl.src, "func $F(", "func(", 1)
	return l.parseExpr(l.fillTemplate(template{src: src, types: tmpl.types}, pairs)), true
}

// fillTemplate replaces the placeholders of a template's text: the pairs
// given, then $assertable( and the packages it names.
func (l *lowerer) fillTemplate(tmpl template, r []string) string {
	if strings.Contains(tmpl.src, "$assertable(") {
		r = append(r, "$assertable(", l.assertable()+"(")
	}
	for _, pkg := range []string{"sort", "fmt", "errors", "strings", "sync", "math/rand/v2"} {
		p := "$" + strings.Replace(pkg, "math/rand/v2", "randv2", 1) + "."
		if strings.Contains(tmpl.src, p) {
			r = append(r, p, l.importName(pkg)+".")
		}
	}
	return strings.NewReplacer(r...).Replace(tmpl.src)
}

// ownErrorType reports whether t is a concrete type declared in the
// program (or a pointer to one) that implements error.
func (l *lowerer) ownErrorType(t types.Type) bool {
	if types.IsInterface(t) || !types.Implements(t, errorType) {
		return false
	}
	base := t
	if p, ok := t.(*types.Pointer); ok {
		base = p.Elem()
	}
	named, ok := base.(*types.Named)
	return ok && named.Obj().Pkg() == l.pkg
}

// hasOwnErrors reports whether the program declares error types.
func (l *lowerer) hasOwnErrors() bool {
	for _, tn := range l.ownTypes() {
		if l.ownErrorType(tn.Type()) || l.ownErrorType(types.NewPointer(tn.Type())) {
			return true
		}
	}
	return false
}

// unwrapCases unwraps, by concrete type assertions, the program's own
// wrapper types and those of the Errorf helper.
func (l *lowerer) unwrapCases(ret bool) string {
	step := func(next string) string {
		if ret {
			return "\t\t\treturn " + next + "\n"
		}
		return "\t\t\te = " + next + "\n\t\t\tcontinue\n"
	}
	var b strings.Builder
	for _, tn := range l.ownTypes() {
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			obj, _, _ := types.LookupFieldOrMethod(t, false, l.pkg, "Unwrap")
			fn, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type()) {
				continue
			}
			if _, ptrRecv := sig.Recv().Type().(*types.Pointer); ptrRecv != (t != tn.Type()) {
				continue
			}
			b.WriteString("\t\tif w, ok := " + l.errorAssertion(t, "e") + "; ok {\n" + step("w.Unwrap()") + "\t\t}\n")
		}
	}
	if name, ok := l.helpers["fmt.Errorf"]; ok {
		b.WriteString("\t\tif w, ok := e.(*" + name + "_one); ok {\n" + step("w.err") + "\t\t}\n")
	}
	if b.Len() == 0 {
		return ""
	}
	// The interpreter cannot assert some compiled values (see assertable);
	// the compiled Unwrap unwraps those.
	return "\t\tif " + l.helpers["assertable"] + "(e) {\n" + b.String() + "\t\t}\n"
}
