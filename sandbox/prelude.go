package sandbox

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"sync"

	"github.com/flakylab/flakylab/sandbox/frontend"
)

// helperSource declares the interpreted helpers the rewrite calls. They
// run inside the interpreter because only interpreted code can look at
// an interpreted panic value (its Error or String method).
const helperSource = `package main

func flakylab_recovered_(v any, ends bool) any {
	v = flakylab_panicvalue_(flakylab_rt_.Unwrap(v))
	if v != nil {
		flakylab_rt_.Recovered()
		flakylab_rt_.RecoveredValue(v, ends)
	}
	return v
}

func flakylab_report_(v any, line, col int) {
	v = flakylab_panicvalue_(flakylab_rt_.Unwrap(v))
	if v == nil {
		return
	}
	chain := flakylab_rt_.Chain(v)
	msgs := make([]string, len(chain))
	for i, c := range chain {
		msgs[i] = flakylab_message_(c)
	}
	flakylab_rt_.Messages(msgs)
	flakylab_rt_.Panic(flakylab_message_(v), line, col)
}

func flakylab_message_(v any) string {
	if m, ok := flakylab_methodmsg_(v); ok {
		return m
	} else if s, ok := flakylab_rt_.Named(v); ok {
		return s
	} else if s, ok := v.(string); ok {
		return s
	}
	return flakylab_rt_.Sprint(v)
}

func flakylab_methodmsg_(v any) (string, bool) {
	$panicmsg
	if e, ok := v.(error); ok {
		return e.Error(), true
	} else if s, ok := v.(flakylab_fmt_.Stringer); ok {
		return s.String(), true
	}
	return "", false
}

func flakylab_shown_(v any) string {
	if m, ok := flakylab_methodmsg_(v); ok {
		return m
	}
	return flakylab_fmt_.Sprint(v)
}

var flakylab_panicvals_ = map[int64]any{}

func flakylab_panicking_(v any, line, col int) any {
	flakylab_rt_.PanicAt(line, col)
	flakylab_rt_.Started(v)
	id, token := flakylab_rt_.Token(func() string {
		flakylab_rt_.Recovered()
		flakylab_rt_.Forget(v)
		return flakylab_shown_(v)
	})
	flakylab_rt_.Lock()
	flakylab_panicvals_[id] = v
	flakylab_rt_.Unlock()
	return token
}

func flakylab_panicvalue_(v any) any {
	if id, ok := flakylab_rt_.TokenID(v); ok {
		flakylab_rt_.Lock()
		w := flakylab_panicvals_[id]
		flakylab_rt_.Unlock()
		return w
	}
	return flakylab_rt_.Runtime(v)
}

func flakylab_guardfn_(f func(), line, col int) func() {
	return flakylab_rt_.Safe(func() {
		defer flakylab_rt_.Exit(flakylab_rt_.Enter())
		defer func() { flakylab_report_(recover(), line, col) }()
		f()
	})
}
`

// preludeDecl is one declaration of helperSource.
type preludeDecl struct {
	name string
	text string
}

// preludeDecls splits helperSource into its declarations, once: each
// starts on a line of its own with "func " or "var ".
var preludeDecls = sync.OnceValue(func() []preludeDecl {
	var out []preludeDecl
	for _, chunk := range strings.Split(strings.TrimPrefix(helperSource, "package main\n"), "\n\n") {
		chunk = strings.TrimSpace(chunk)
		if chunk == "" {
			continue
		}
		head := strings.TrimPrefix(strings.TrimPrefix(chunk, "func "), "var ")
		name := head[:strings.IndexAny(head, " (")]
		out = append(out, preludeDecl{name: name, text: chunk})
	}
	return out
})

// preludeFor is the source of the helpers file f refers to, directly or
// through another helper: the interpreter compiles (and the rewrite
// parses) every declaration it is given, on every run, and most programs
// need only the report of main's panics. Without tokens, no panic value
// is a token (see rewrite), and the report and recover ask the runtime
// directly. When the front end declared its panic message helper
// (frontend.PanicMessageFunc), the report asks it first, since the
// interpreter's own assertion of a value of the program's types to error
// or fmt.Stringer fails.
func preludeFor(f *ast.File, tokens bool) string {
	decls := slices.Clone(preludeDecls())
	if !tokens {
		for i := range decls {
			decls[i].text = strings.ReplaceAll(decls[i].text, "= "+panicValName+"(", "= "+rtName+".Runtime(")
		}
	}
	used := map[string]bool{}
	var use func(name string)
	use = func(name string) {
		for _, d := range decls {
			if d.name == name && !used[name] {
				used[name] = true
				for _, other := range decls {
					if other.name != name && strings.Contains(d.text, other.name) {
						use(other.name)
					}
				}
			}
		}
	}
	ask := ""
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.HasPrefix(id.Name, "flakylab_") {
			use(id.Name)
		}
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == frontend.PanicMessageFunc {
			ask = "if m, ok := " + frontend.PanicMessageFunc + "(v); ok {\n\t\treturn m, true\n\t}\n\t"
		}
		return true
	})
	var b strings.Builder
	b.WriteString("package main\n")
	for _, d := range decls {
		if used[d.name] {
			b.WriteString("\n" + d.text + "\n")
		}
	}
	return strings.Replace(b.String(), "$panicmsg\n\t", ask, 1)
}

// helpersName is the file name of the helpers' source in positions.
const helpersName = "flakylab_helpers.go"

// preludeRegion is where the program's files start in a run's file set
// (run.interpreter): the positions below it are the parsed helpers'
// (parsedPrelude), so that a run adds their files to its file set, in any
// order and after any other file, without an overlap or a position that
// moves.
const preludeRegion = 1 << 24

// prelude is one helpers' source, parsed: its declarations and the file
// their positions are in.
type prelude struct {
	file  *token.File
	decls []ast.Decl
}

// preludes holds every helpers' source parsed so far, by text. Parsing
// it was the largest part of the rewrite, and the texts are few (a
// subset of helperSource's declarations, with or without tokens and the
// front end's message helper). What it holds is shared by every run and
// never changed: the rewrite appends the declarations to the program's
// file after it has rewritten the program's own, and the interpreter
// reads a syntax tree without writing to it. Each text has a range of
// positions of its own below preludeRegion, so that a file set may hold
// several (a graded run has two programs).
var preludes = struct {
	sync.Mutex
	parsed map[string]*prelude
	next   int // where the next text's range starts
}{parsed: map[string]*prelude{}, next: 1}

// preludeMark names the empty file that keeps a run's file set's
// positions below preludeRegion for the helpers (run.interpreter).
const preludeMark = "flakylab_helpers_reserved"

// addPrelude appends to p's file the helpers' declarations of src, a
// result of preludeFor: those parsed once, when p's file set keeps the
// region for them, else parsed into it.
func addPrelude(p *program, src string) error {
	var decls []ast.Decl
	if f := p.fset.File(preludeRegion - 1); f != nil && f.Name() == preludeMark {
		if h := parsedPrelude(src); h != nil {
			p.fset.AddExistingFiles(h.file)
			decls = h.decls
		}
	}
	if decls == nil {
		f, err := parser.ParseFile(p.fset, helpersName, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		decls = f.Decls
	}
	p.file.Decls = append(p.file.Decls, decls...)
	return nil
}

// parsedPrelude returns src parsed below preludeRegion, or nil when it
// does not parse or no longer fits there (the region holds far more
// texts than preludeFor makes).
func parsedPrelude(src string) *prelude {
	preludes.Lock()
	h := preludes.parsed[src]
	if h == nil && preludes.next+len(src)+2 < preludeRegion {
		fset := token.NewFileSet()
		fset.AddFile("", preludes.next, 0) // the text's file starts after it
		if f, err := parser.ParseFile(fset, helpersName, src, parser.SkipObjectResolution); err == nil {
			h = &prelude{file: fset.File(f.Package), decls: f.Decls}
			preludes.next = h.file.Base() + h.file.Size() + 1
			preludes.parsed[src] = h
		}
	}
	preludes.Unlock()
	return h
}
