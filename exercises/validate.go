package exercises

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/flakylab/flakylab/sandbox/frontend"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/scanner"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// Diagnostic is a problem with the learner's file found before any check
// runs. Line and Column are 1-based positions in that file, or 0 when the
// problem has no place (a missing function).
type Diagnostic struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

func (d Diagnostic) String() string {
	if d.Line == 0 {
		return d.Message
	}
	return fmt.Sprintf("line %d:%d: %s", d.Line, d.Column, d.Message)
}

// requirements are the declarations a learner's file must have: those of
// the starter, apart from main and init.
type requirements struct {
	funcs  []funcReq // functions and methods, in starter order
	types  []typeReq
	consts []string
}

type funcReq struct {
	recv string // receiver's base type, "" for a function
	name string
	sig  string // canonical parameter and result types
	want string // the starter's declaration, for messages
}

type typeReq struct {
	name   string
	fields []fieldReq // required struct fields; empty means any type will do
	want   string
}

type fieldReq struct {
	name, typ, want string
}

func (f funcReq) key() string {
	if f.recv == "" {
		return f.name
	}
	return f.recv + "." + f.name
}

// requirementsOf reads the requirements from a starter file.
func requirementsOf(starter string) (requirements, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "starter.go", starter, 0)
	if err != nil {
		return requirements{}, err
	}
	imports := importNames(f)
	var r requirements
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && (d.Name.Name == "main" || d.Name.Name == "init") {
				continue
			}
			r.funcs = append(r.funcs, funcReq{
				recv: recvName(d), name: d.Name.Name,
				sig: canonFunc(d.Type, imports), want: header(fset, d),
			})
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					t := typeReq{name: s.Name.Name, want: "type " + s.Name.Name + " " + shape(fset, s.Type)}
					if st, ok := s.Type.(*ast.StructType); ok {
						for _, fl := range st.Fields.List {
							for _, n := range fl.Names {
								t.fields = append(t.fields, fieldReq{
									name: n.Name, typ: canon(fl.Type, imports),
									want: n.Name + " " + source(fset, fl.Type),
								})
							}
						}
					}
					r.types = append(r.types, t)
				case *ast.ValueSpec:
					if d.Tok == token.CONST {
						for _, n := range s.Names {
							r.consts = append(r.consts, n.Name)
						}
					}
				}
			}
		}
	}
	return r, nil
}

// parseLearner parses a learner's file, turning syntax errors into
// diagnostics.
func parseLearner(src string) (*token.FileSet, *ast.File, []Diagnostic) {
	fset := token.NewFileSet()
	// A program past the playground's limits (thousands of levels deep)
	// would overflow a browser worker's stack in the parser below.
	if d := frontend.CheckLimits([]byte(src)); d != nil {
		return fset, nil, []Diagnostic{{Line: d.Line, Column: d.Column, Message: d.Message}}
	}
	f, err := parser.ParseFile(fset, "main.go", src, 0)
	if err == nil {
		return fset, f, nil
	}
	var list scanner.ErrorList
	if errors.As(err, &list) {
		var ds []Diagnostic
		for i, e := range list {
			if i == 5 {
				ds = append(ds, Diagnostic{Message: fmt.Sprintf("(and %d more syntax errors)", len(list)-5)})
				break
			}
			ds = append(ds, Diagnostic{Line: e.Pos.Line, Column: e.Pos.Column, Message: "syntax error: " + e.Msg})
		}
		return fset, nil, ds
	}
	return fset, nil, []Diagnostic{{Message: err.Error()}}
}

// Validate checks a learner's file against the exercise before any check
// runs: it must parse, be package main, import none of the forbidden
// packages, and declare every function, method, type and constant of the
// starter, with the same parameter and result types. Extra declarations are
// fine. An empty result means the checks can run.
func (e *Exercise) Validate(src string) []Diagnostic {
	if len(src) > MaxSourceBytes {
		return []Diagnostic{{Message: fmt.Sprintf("the file has more than %d bytes (1 MiB), the most the grader takes", MaxSourceBytes)}}
	}
	fset, f, ds := parseLearner(src)
	if ds != nil {
		return ds
	}
	if f.Name.Name != "main" {
		p := fset.Position(f.Name.Pos())
		ds = append(ds, Diagnostic{p.Line, p.Column, fmt.Sprintf("the file must be package main, not package %s", f.Name.Name)})
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		for _, no := range e.Forbid {
			if p == no {
				at := fset.Position(imp.Pos())
				ds = append(ds, Diagnostic{at.Line, at.Column, fmt.Sprintf("this exercise is about writing it yourself: remove the import of %q", p)})
			}
		}
	}
	imports := importNames(f)
	funcs := map[string]*ast.FuncDecl{}
	types := map[string]*ast.TypeSpec{}
	consts := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			r := funcReq{recv: recvName(d), name: d.Name.Name}
			funcs[r.key()] = d
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					types[s.Name.Name] = s
				case *ast.ValueSpec:
					for _, n := range s.Names {
						consts[n.Name] = consts[n.Name] || d.Tok == token.CONST
					}
				}
			}
		}
	}
	for _, t := range e.reqs.types {
		spec, ok := types[t.name]
		if !ok {
			ds = append(ds, Diagnostic{Message: fmt.Sprintf("missing type %s: want %s", t.name, t.want)})
			continue
		}
		ds = append(ds, checkFields(fset, spec, t, imports)...)
	}
	for _, c := range e.reqs.consts {
		if !consts[c] {
			ds = append(ds, Diagnostic{Message: fmt.Sprintf("missing constant %s (declare it as in the starter)", c)})
		}
	}
	for _, r := range e.reqs.funcs {
		d, ok := funcs[r.key()]
		if !ok {
			what := "function"
			if r.recv != "" {
				what = "method"
			}
			ds = append(ds, Diagnostic{Message: fmt.Sprintf("missing %s %s: want %s", what, r.key(), r.want)})
			continue
		}
		if got := canonFunc(d.Type, imports); got != r.sig {
			p := fset.Position(d.Pos())
			ds = append(ds, Diagnostic{p.Line, p.Column, fmt.Sprintf("%s has the wrong signature\nwant: %s\ngot:  %s", r.key(), r.want, header(fset, d))})
		}
	}
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Line < ds[j].Line })
	return ds
}

func checkFields(fset *token.FileSet, spec *ast.TypeSpec, t typeReq, imports map[string]string) []Diagnostic {
	if len(t.fields) == 0 {
		return nil
	}
	p := fset.Position(spec.Pos())
	st, ok := spec.Type.(*ast.StructType)
	if !ok {
		return []Diagnostic{{p.Line, p.Column, fmt.Sprintf("%s must be a struct with the starter's fields", t.name)}}
	}
	have := map[string]ast.Expr{}
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			have[n.Name] = fl.Type
		}
	}
	var ds []Diagnostic
	for _, want := range t.fields {
		typ, ok := have[want.name]
		switch {
		case !ok:
			ds = append(ds, Diagnostic{p.Line, p.Column, fmt.Sprintf("struct %s is missing the field %s", t.name, want.want)})
		case canon(typ, imports) != want.typ:
			at := fset.Position(typ.Pos())
			ds = append(ds, Diagnostic{at.Line, at.Column, fmt.Sprintf("field %s.%s has the wrong type\nwant: %s\ngot:  %s %s", t.name, want.name, want.want, want.name, source(fset, typ))})
		}
	}
	return ds
}

// importNames maps the names a file uses for its imports to their paths.
func importNames(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := defaultName(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		m[name] = p
	}
	return m
}

// defaultName is the name a package is imported under without an alias,
// assuming it matches its path ("math/rand/v2" is rand).
func defaultName(p string) string {
	parts := strings.Split(p, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = parts[len(parts)-2]
	}
	return last
}

func recvName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return ""
	}
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// canonFunc writes a function type's parameter and result types with
// package paths in place of import names, ignoring parameter names, so
// that two declarations compare equal exactly when their types match.
func canonFunc(t *ast.FuncType, imports map[string]string) string {
	return "(" + canonFields(t.Params, imports) + ")(" + canonFields(t.Results, imports) + ")"
}

func canonFields(fl *ast.FieldList, imports map[string]string) string {
	if fl == nil {
		return ""
	}
	var parts []string
	for _, f := range fl.List {
		n := len(f.Names)
		if n == 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			parts = append(parts, canon(f.Type, imports))
		}
	}
	return strings.Join(parts, ",")
}

func canon(e ast.Expr, imports map[string]string) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			if p, ok := imports[x.Name]; ok {
				return p + "." + e.Sel.Name
			}
			return x.Name + "." + e.Sel.Name
		}
	case *ast.StarExpr:
		return "*" + canon(e.X, imports)
	case *ast.ParenExpr:
		return canon(e.X, imports)
	case *ast.Ellipsis:
		return "..." + canon(e.Elt, imports)
	case *ast.ArrayType:
		if e.Len == nil {
			return "[]" + canon(e.Elt, imports)
		}
		if l, ok := e.Len.(*ast.BasicLit); ok {
			return "[" + l.Value + "]" + canon(e.Elt, imports)
		}
	case *ast.MapType:
		return "map[" + canon(e.Key, imports) + "]" + canon(e.Value, imports)
	case *ast.ChanType:
		return fmt.Sprintf("chan%d ", e.Dir) + canon(e.Value, imports)
	case *ast.FuncType:
		return "func" + canonFunc(e, imports)
	case *ast.InterfaceType:
		if e.Methods == nil || len(e.Methods.List) == 0 {
			return "interface{}"
		}
	}
	return fmt.Sprintf("%T@%d", e, e.Pos()) // unlike anything else: never equal
}

// header prints a function's declaration without its body.
func header(fset *token.FileSet, d *ast.FuncDecl) string {
	c := *d
	c.Body = nil
	c.Doc = nil
	return source(fset, &c)
}

func source(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, n); err != nil {
		return "?"
	}
	return b.String()
}

// shape prints a type for a message: a struct or interface in short.
func shape(fset *token.FileSet, e ast.Expr) string {
	switch e.(type) {
	case *ast.StructType:
		return "struct{ ... }"
	case *ast.InterfaceType:
		return "interface{ ... }"
	}
	return source(fset, e)
}
