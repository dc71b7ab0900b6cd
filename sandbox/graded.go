package sandbox

import (
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"sync"

	"github.com/traefik/yaegi/interp"

	"github.com/flakylab/flakylab/sandbox/frontend"
)

// A graded run (Options.Harness) runs a learner's file under checks that
// the file cannot touch. The file is compiled as a package of its own,
// SubmissionPackage, so Go's visibility rules keep the checks' names out of
// its reach; the harness is package main, imports the submission (usually
// with a dot import, which brings in its exported names only) and reports
// through GradingPackage, which only the harness may import: the learner's
// imports are held to the allow-list as in any run. Nothing the program
// prints can pass for a verdict. The submission is also sealed (see
// frontend/sealed.go): it may not change the variables of the packages it
// shares with the harness.
//
// Order of events: the submission's package initialization (its init
// functions) runs first, then the harness's, then the harness's main, as
// in a Go program; every other rule of a run (virtual time, panics, the
// output cap, the end of main stopping every goroutine) holds as usual.
const (
	// SubmissionPackage is the import path, and the name, under which a
	// graded run compiles the learner's file.
	SubmissionPackage = "submission"
	// GradingPackage is the package only a harness may import. It has
	// two functions: Verdict(s string), the harness's result (the first
	// call counts), and Input(s string), what the harness is about to do,
	// so that a run that never ends can say which input it was on.
	GradingPackage = "flakylab.internal/grading"
	// HarnessName is the file name the harness's positions are reported
	// in. Errors in the harness are the checks' (or a submission that does
	// not fit them): they carry no line, and their message starts with
	// "checks.go:line:column: ".
	HarnessName = "checks.go"
	// maxReport bounds one message of the harness.
	maxReport = 64 << 10
)

// grading holds what a graded run's harness reported.
type grading struct {
	onInput func(string)

	mu      sync.Mutex
	verdict string
	input   string
	set     bool
}

func clip(s string) string {
	if len(s) > maxReport {
		return s[:maxReport]
	}
	return s
}

// Verdict records the harness's result; later calls are ignored.
func (g *grading) Verdict(s string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.set {
		g.verdict, g.set = clip(s), true
	}
}

// Input records what the harness is about to do.
func (g *grading) Input(s string) {
	s = clip(s)
	g.mu.Lock()
	g.input = s
	g.mu.Unlock()
	if g.onInput != nil {
		g.onInput(s)
	}
}

func (g *grading) result() (verdict, input string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.verdict, g.input
}

// gradingTypes is GradingPackage as the front end sees it.
var gradingTypes = func() *types.Package {
	pkg := types.NewPackage(GradingPackage, "grading")
	str := types.NewTuple(types.NewParam(token.NoPos, pkg, "s", types.Typ[types.String]))
	for _, name := range []string{"Verdict", "Input"} {
		sig := types.NewSignatureType(nil, nil, nil, str, nil, false)
		pkg.Scope().Insert(types.NewFunc(token.NoPos, pkg, name, sig))
	}
	pkg.MarkComplete()
	return pkg
}()

// parse parses the learner's src and makes it the run's program; a
// syntax error is worded by the front end, as the Go compiler words it.
func (r *run) parse(fset *token.FileSet, src string) (*program, *Error) {
	p, perr := parseProgram(fset, src)
	if perr != nil {
		if p.unpackaged {
			return nil, perr
		}
		if _, diags := frontend.Check([]byte(p.text), frontend.Options{Filename: SourceName}); len(diags) > 0 {
			return nil, r.diagnostics(p, diags)
		}
		return nil, perr
	}
	r.prog = p
	return p, nil
}

// executeGraded is execute for a graded run: src is the learner's file,
// r.harness the program that runs.
func (r *run) executeGraded(src string) (*Error, *panicReport) {
	if len(r.harness) > MaxSourceBytes {
		return &Error{Kind: KindCompile, Message: fmt.Sprintf("the checks are %d bytes; the limit is %s", len(r.harness), byteSize(MaxSourceBytes))}, nil
	}
	it := r.interpreter()
	p, perr := r.parse(token.NewFileSet(), src)
	if perr != nil {
		return perr, nil
	}
	if p.snippet {
		return &Error{Kind: KindCompile, Message: "a graded file must be a whole program, starting with package main"}, nil
	}
	if perr := checkImports(p); perr != nil {
		return perr, nil
	}
	if perr := checkReserved(p); perr != nil {
		return perr, nil
	}
	sub, diags := frontend.Check([]byte(p.text), frontend.Options{Filename: SourceName, Package: SubmissionPackage})
	if len(diags) > 0 {
		return r.diagnostics(p, diags), nil
	}
	if err := p.parseLowered(it.FileSet(), sub.Source, sub.Position); err != nil {
		return &Error{Kind: KindInternal, Message: "reading the checked program: " + err.Error()}, nil
	}
	p.library = true
	if err := rewrite(p, r.trace.exact); err != nil {
		return &Error{Kind: KindInternal, Message: "preparing the program: " + err.Error()}, nil
	}
	h, herr := r.prepareHarness(it, sub)
	if herr != nil {
		return herr, nil
	}
	if err := it.Use(r.exports()); err != nil {
		return &Error{Kind: KindInternal, Message: "loading packages: " + err.Error()}, nil
	}
	if perr := r.makeCancellable(it); perr != nil {
		return perr, nil
	}
	subProg, cerr := compile(it, p)
	if cerr != nil && cerr.Line == 0 {
		r.locateCompileFailure(p, cerr)
	}
	if cerr != nil {
		return cerr, nil
	}
	harnessProg, cerr := compile(it, h)
	if cerr != nil || r.compileOnly {
		return cerr, nil
	}
	return r.start(it, p, subProg, harnessProg)
}

// prepareHarness parses, checks, lowers and rewrites the harness, which
// may import the submission and GradingPackage besides the allow-list.
func (r *run) prepareHarness(it *interp.Interpreter, sub *frontend.Program) (*program, *Error) {
	h := &program{fset: token.NewFileSet(), lines: lineLengths(r.harness), text: r.harness, harness: true}
	f, err := parser.ParseFile(h.fset, HarnessName, r.harness, parser.SkipObjectResolution)
	if err != nil {
		return nil, &Error{Kind: KindCompile, Message: err.Error()}
	}
	h.file, h.source = f, r.harness
	for _, spec := range f.Imports {
		ip, _ := strconv.Unquote(spec.Path.Value)
		if _, ok := allowed[ip]; !ok && ip != SubmissionPackage && ip != GradingPackage {
			return nil, h.errorAt(spec.Path.Pos(), KindImport, fmt.Sprintf("package %q is not available to the checks", ip))
		}
	}
	lowered, diags := frontend.Check([]byte(r.harness), frontend.Options{
		Filename: HarnessName,
		Imports:  []*types.Package{sub.Types(), gradingTypes},
	})
	if len(diags) > 0 {
		for _, d := range diags {
			e := &Error{Kind: KindCompile, Message: d.Format(HarnessName)}
			if d.Kind == frontend.KindInternal {
				e.Kind = KindInternal
			}
			r.errs = append(r.errs, e)
		}
		return nil, r.errs[0]
	}
	if err := h.parseLowered(it.FileSet(), lowered.Source, lowered.Position); err != nil {
		return nil, &Error{Kind: KindInternal, Message: "reading the checks: " + err.Error()}
	}
	if err := rewrite(h, false); err != nil {
		return nil, &Error{Kind: KindInternal, Message: "preparing the checks: " + err.Error()}
	}
	return h, nil
}
