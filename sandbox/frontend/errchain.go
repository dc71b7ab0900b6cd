package frontend

import (
	"go/types"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// The cases of the errors helpers (maps_errors_helpers.go) that walk an
// error tree as Go's errors.Is and errors.As do, beside unwrapCases: Is
// methods, and Unwrap() []error (the program's types, the Errorf wrapper
// of several %w, and compiled values such as errors.Join's).

// methodCases lists, for each type of the program (and pointer to one)
// whose own method name has the signature sig (as types.TypeString
// writes it, without the receiver), the comma-ok assertion of the error
// e to it (errorAssertion).
func (l *lowerer) methodCases(name, sig string) []string {
	var out []string
	for _, tn := range l.ownTypes() {
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			obj, _, _ := types.LookupFieldOrMethod(t, false, l.pkg, name)
			fn, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			s := fn.Type().(*types.Signature)
			if _, ptrRecv := s.Recv().Type().(*types.Pointer); ptrRecv != (t != tn.Type()) {
				continue
			}
			plain := types.NewSignatureType(nil, nil, nil, s.Params(), s.Results(), s.Variadic())
			if types.TypeString(plain, nil) != sig {
				continue
			}
			out = append(out, l.errorAssertion(t, "e"))
		}
	}
	return out
}

// isMethodCases is the code calling the Is method of the error e, for
// errors.Is's walk.
func (l *lowerer) isMethodCases() string {
	var b strings.Builder
	cases := l.methodCases("Is", "func(target error) bool")
	cases = append(cases, l.methodCases("Is", "func(err error) bool")...)
	cases = append(cases, l.methodCases("Is", "func(e error) bool")...)
	if len(cases) > 0 {
		b.WriteString("\t\tif " + l.helpers["assertable"] + "(e) {\n")
		for _, c := range cases {
			b.WriteString("\t\t\tif x, ok := " + c + "; ok && x.Is(target) {\n\t\t\t\treturn true\n\t\t\t}\n")
		}
		b.WriteString("\t\t}\n")
	}
	// A compiled error's Is method (the interpreter cannot assert a
	// compiled value to an interface type).
	b.WriteString("\t\tif " + l.importName(progfmt.Path) + ".CallIs(e, target) {\n\t\t\treturn true\n\t\t}\n")
	return b.String()
}

// unwrapManyCases is the code setting errs and _fl_many when the error e
// unwraps to several errors.
func (l *lowerer) unwrapManyCases() string {
	var b strings.Builder
	var cases []string
	for _, c := range l.methodCases("Unwrap", "func() []error") {
		cases = append(cases, "\t\t\tif w, ok := "+c+"; ok {\n\t\t\t\terrs = w.Unwrap()\n\t\t\t\t_fl_many = true\n\t\t\t}\n")
	}
	if name, ok := l.helpers["fmt.Errorf"]; ok {
		cases = append(cases, "\t\t\tif w, ok := e.(*"+name+"_list); ok {\n\t\t\t\terrs = w.errs\n\t\t\t\t_fl_many = true\n\t\t\t}\n")
	}
	if len(cases) > 0 {
		b.WriteString("\t\tif " + l.helpers["assertable"] + "(e) {\n" + strings.Join(cases, "") + "\t\t}\n")
	}
	b.WriteString("\t\tif !_fl_many {\n\t\t\terrs, _fl_many = " + l.importName(progfmt.Path) + ".UnwrapMany(e)\n\t\t}\n")
	return b.String()
}
