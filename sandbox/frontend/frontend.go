// Package frontend checks a learner's Go program before the interpreter
// sees it, and rewrites it into the Go that the interpreter runs faithfully.
//
// Check parses and type-checks the program with go/parser and go/types
// against the type information of the allowed packages (embedded at build
// time), so a learner gets the same errors, at the same line and column, as
// from `go build`. A program that passes is then lowered: constructs the
// interpreter (yaegi v0.16.1) lacks or gets wrong are rewritten into
// equivalent plainer Go, and helper functions are appended to the program.
// The returned Program carries the lowered source and a map from its
// positions back to the learner's.
//
// The package builds natively and for GOOS=js GOARCH=wasm and is safe for
// concurrent use.
package frontend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"
)

// GoVersion is the language version programs are checked against; it is
// the version of the toolchain that builds the runtime.
const GoVersion = "go1.26"

// maxDiagnostics is how many errors the Go compiler prints before it gives
// up with "too many errors".
const maxDiagnostics = 10

// Options adjusts a Check.
type Options struct {
	// Filename names the source in diagnostics; empty means "prog.go".
	Filename string
	// Checked checks every index and slice expression's bounds as the Go
	// runtime does, so that a run-time panic carries Go's message with its
	// numbers. It is on anyway for a program that calls recover.
	Checked bool
	// CheckedLines checks, as Checked does, only the index and slice
	// expressions inside the statements that start on these lines (as
	// diagnostics count them): each check is a call, which makes a loop
	// that indexes many times slower, so the runtime's second run of a
	// program that panicked checks only the statement that panicked.
	CheckedLines []int
	// Package, when set, checks the source as an imported package rather
	// than a command: its clause must say package main (the learner's
	// file), it is checked under this import path, which is also its
	// name, and it needs no func main. Such a package is sealed: it may
	// not change another package's variables (see sealed.go), since the
	// program that imports it relies on them.
	Package string
	// Imports are packages the source may import besides Allowed: a
	// sealed package checked before (Program.Types) or one the host binds
	// into the interpreter.
	Imports []*types.Package
	// LimitsChecked says that the caller has already run CheckLimits on
	// this source (or on the learner's text it wraps), so Check does not
	// read it a second time for that.
	LimitsChecked bool

	// splats counts the passes that wrote out prints of several results
	// (printsplat.go).
	splats int
	// hoisted says that the local types that can move are at package
	// level already (hoist.go).
	hoisted bool
}

// Kind classifies a Diagnostic.
type Kind string

// The kinds of Diagnostic.
const (
	KindSyntax      Kind = "syntax"      // the source does not parse
	KindType        Kind = "type"        // rejected by the type checker, as by `go build`
	KindImport      Kind = "import"      // imports a package the playground does not offer
	KindUnsupported Kind = "unsupported" // valid Go that the interpreter cannot run faithfully
)

// Diagnostic is one error in the learner's program. Line and Column are
// 1-based positions in the learner's source (column in bytes, as the Go
// compiler counts); both are 0 when the error has no position.
type Diagnostic struct {
	Kind    Kind
	Line    int
	Column  int
	Message string
}

// String formats d as the Go compiler does: "prog.go:3:2: message".
func (d Diagnostic) String() string {
	return d.Format("prog.go")
}

// Format is String with the given file name.
func (d Diagnostic) Format(filename string) string {
	if d.Line == 0 {
		return d.Message
	}
	return filename + ":" + itoa(d.Line) + ":" + itoa(d.Column) + ": " + d.Message
}

// Program is a checked and lowered program, ready for the interpreter.
type Program struct {
	// Source is the lowered program: one file of package main.
	Source []byte
	// Imports lists the import paths the lowered program uses, sorted.
	Imports []string
	// Lowered lists what was rewritten, one short phrase each ("min/max",
	// "range over int", ...), for logs and tests.
	Lowered []string

	lines *lineMap
	types *types.Package
	unchangedLines
}

// Types returns the checked package, for another Check's Options.Imports.
func (p *Program) Types() *types.Package { return p.types }

// Position maps a line and column in Source back to the learner's source.
// It returns 0, 0 for positions that only helper code occupies.
func (p *Program) Position(line, column int) (int, int) {
	return p.lineMap().lookup(line, column)
}

// Check parses, type-checks and lowers src, a complete package main. It
// returns the Program, or nil and the errors as `go build` would report
// them, sorted by position, at most ten of them.
func Check(src []byte, opts Options) (*Program, []Diagnostic) {
	filename := opts.Filename
	if filename == "" {
		filename = "prog.go"
	}
	if !opts.LimitsChecked {
		if d := CheckLimits(src); d != nil {
			return nil, []Diagnostic{*d}
		}
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, syntaxDiagnostics(src, err)
	}
	if diags := checkImports(fset, file, opts.Imports); len(diags) > 0 {
		return nil, diags
	}
	shared, err := importer()
	if err != nil {
		return nil, []Diagnostic{{Kind: KindInternal, Message: err.Error()}}
	}
	var imp types.Importer = shared
	if len(opts.Imports) > 0 {
		imp = withExtra{shared, opts.Imports}
	}
	path := "main"
	if opts.Package != "" {
		if file.Name.Name != "main" {
			pos := fset.Position(file.Name.Pos())
			return nil, []Diagnostic{{Kind: KindType, Line: pos.Line, Column: pos.Column,
				Message: "the file must be package main, not package " + file.Name.Name}}
		}
		path = opts.Package
		file.Name.Name = path
	}
	info := newInfo()
	var diags []Diagnostic
	conf := types.Config{
		GoVersion: GoVersion,
		Importer:  imp,
		Sizes:     types.SizesFor("gc", "wasm"),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				diags = addTypeError(diags, fset, file, te)
			}
		},
	}
	pkg, _ := conf.Check(path, fset, []*ast.File{file}, info)
	if len(diags) == 0 {
		diags = gcChecks(fset, file, info)
	}
	if len(diags) == 0 {
		if opts.Package == "" {
			diags = checkMain(fset, file, pkg)
		} else {
			diags = checkSealed(fset, file, pkg, info)
		}
	}
	if len(diags) > 0 {
		return nil, limit(diags)
	}
	if again := splatPrints(fset, file, info, src); again != nil && opts.splats < 3 {
		opts.splats++
		opts.LimitsChecked = true
		return Check(again, opts)
	}
	if !opts.hoisted {
		if again := hoistLocalTypes(fset, file, info, pkg, src); again != nil {
			opts.hoisted = true
			opts.LimitsChecked = true
			return Check(again, opts)
		}
	}
	checked := checking{all: opts.Checked || callsRecoverAnywhere(file, info) || declaresPrintMethod(file), lines: opts.CheckedLines}
	mono, names, d := monomorphize(fset, file, src, pkg, info)
	if d != nil {
		return nil, []Diagnostic{*d}
	}
	if mono == nil {
		var orig []byte
		if opts.splats == 0 && !opts.hoisted {
			orig = src // else src is not the caller's
		}
		prog, diags := lower(fset, file, pkg, info, checked, nil, orig)
		return withTypes(prog, pkg), diags
	}
	// The generics written out are checked again, then lowered.
	file, err = parser.ParseFile(fset, filename, mono, parser.SkipObjectResolution)
	if err != nil {
		return nil, []Diagnostic{{Kind: KindInternal, Message: "frontend: written-out generics do not parse: " + err.Error()}}
	}
	if opts.Package != "" {
		file.Name.Name = path
	}
	info = newInfo()
	var again []Diagnostic
	conf.Error = func(err error) {
		if te, ok := err.(types.Error); ok {
			again = append(again, typeDiagnostic(fset, file, te))
		}
	}
	pkg, _ = conf.Check(path, fset, []*ast.File{file}, info)
	// Generic code that no instance needs is gone, and with it maybe
	// the only use of an import or a variable: not an error here.
	again = slices.DeleteFunc(again, func(d Diagnostic) bool {
		return strings.Contains(d.Message, "imported and not used") || strings.HasPrefix(d.Message, "declared and not used")
	})
	if len(again) > 0 {
		d := again[0]
		d.Kind = KindUnsupported
		d.Message = "this use of generics is not supported by the playground (" + d.Message + ")"
		return nil, []Diagnostic{d}
	}
	prog, diags := lower(fset, file, pkg, info, checked, names, nil)
	return withTypes(prog, pkg), diags
}

// withTypes records the checked package in a lowered program, for another
// Check's Options.Imports.
func withTypes(prog *Program, pkg *types.Package) *Program {
	if prog != nil {
		prog.types = pkg
	}
	return prog
}

// newInfo returns the type information Check records.
func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
}

// callsRecoverAnywhere reports whether the program calls recover.
func callsRecoverAnywhere(file *ast.File, info *types.Info) bool {
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "recover" && info.Uses[id] == types.Universe.Lookup("recover") {
			found = true
		}
		return !found
	})
	return found
}

// declaresPrintMethod reports whether the program declares a String or
// Error method: fmt recovers a panic in one it calls and prints its value
// (%!v(PANIC=String method: runtime error: index out of range [7] with
// length 2)), so the run-time errors in the program need Go's words, as
// in a program that calls recover.
func declaresPrintMethod(file *ast.File) bool {
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && (fd.Name.Name == "String" || fd.Name.Name == "Error") {
			return true
		}
	}
	return false
}

// limit sorts diags by position and keeps the first ten, adding the
// compiler's "too many errors" line when it drops any.
func limit(diags []Diagnostic) []Diagnostic {
	sort.SliceStable(diags, func(i, j int) bool {
		if diags[i].Line != diags[j].Line {
			return diags[i].Line < diags[j].Line
		}
		return diags[i].Column < diags[j].Column
	})
	if len(diags) > maxDiagnostics {
		last := diags[maxDiagnostics-1]
		diags = append(diags[:maxDiagnostics:maxDiagnostics], Diagnostic{
			Kind: last.Kind, Line: last.Line, Column: last.Column, Message: "too many errors",
		})
	}
	return diags
}

// Warm decodes the type information of every allowed package and checks a
// small program, so that the first learner's run does not pay for it (in
// the browser most of that first cost is the engine compiling the type
// checker's code). The runtime can call it while it starts.
func Warm() {
	imp, err := importer()
	if err != nil {
		return
	}
	for _, path := range Allowed {
		imp.Import(path)
	}
	Check([]byte(warmProgram), Options{})
}

// warmProgram exercises the checker and each lowering once.
const warmProgram = `package main

import "fmt"

func main() {
	var fs []func()
	for i := range 3 {
		fs = append(fs, func() { fmt.Printf("%d %T\n", max(i, 1), i) })
	}
	for _, f := range fs {
		f()
	}
}
`
