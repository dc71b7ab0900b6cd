package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// Rewrite takes interp's files (name to source) and returns the ones it
// changes and the one it adds, so that interp no longer imports go/build,
// flag, log and os/exec:
//
//   - go/build: interp reads five fields of a build.Context (GOOS, GOARCH,
//     GOPATH, BuildTags, ReleaseTags), set from build.Default in New, to
//     decide the build constraints of each source file. build.Context
//     becomes buildContext, a struct of interp's own with those fields, and
//     build.Default becomes defaultBuildContext, which holds go/build.Default's
//     values of them (see contextSource);
//   - log: log.Panic(args) becomes panic(fmt.Sprint(args)), the value
//     log.Panic panics with (it also writes that line to the standard
//     logger, which the runtime discards);
//   - flag and log: fixStdlib's blocks that patch the flag and log packages'
//     symbols when a program loads them go; the playground offers neither
//     package (TestFlagAndLogNotOffered);
//   - os/exec: dotWriter, which starts a command to draw debug graphs when
//     the YAEGI_*_DOT variables ask for them, panics instead (a GOOS=js
//     program cannot start a command).
//
// Each edit is counted against what yaegi v0.16.1 holds: any other shape is
// an error, so that a changed yaegi is looked at again.
func Rewrite(src map[string][]byte) (map[string][]byte, error) {
	if _, ok := src[contextFile]; ok {
		return nil, fmt.Errorf("%s exists already", contextFile)
	}
	var names []string
	for name := range src {
		names = append(names, name)
	}
	sort.Strings(names)
	counts := map[string]int{}
	out := map[string][]byte{}
	for _, name := range names {
		b, changed, err := rewriteFile(name, src[name], counts)
		if err != nil {
			return nil, err
		}
		if changed {
			out[name] = b
		}
	}
	for what, n := range expected {
		if counts[what] != n {
			return nil, fmt.Errorf("expected %d of %s, found %d", n, what, counts[what])
		}
	}
	for what, n := range counts {
		if _, ok := expected[what]; !ok {
			return nil, fmt.Errorf("unexpected %s (%d)", what, n)
		}
	}
	ctx, err := contextSource(build.Default.ReleaseTags)
	if err != nil {
		return nil, err
	}
	out[contextFile] = ctx
	return out, nil
}

// contextFile is the file Rewrite adds to interp.
const contextFile = "flakylab_buildcontext.go"

// expected counts each edit in yaegi v0.16.1's interp.
var expected = map[string]int{
	"build.Context":                    8, // the option's field; the parameter of 7 functions of build.go
	"build.Default":                    1, // New
	"log.Panic call":                   3, // cfg.go (1), scope.go (2)
	`fixStdlib's binPkg["flag"] block`: 1,
	`fixStdlib's binPkg["log"] block`:  1,
	"dotWriter's command":              1,
	`import "go/build"`:                2, // interp.go, build.go
	`import "flag"`:                    1, // use.go
	`import "log"`:                     4, // cfg.go, dot.go, scope.go, use.go
	`import "os/exec"`:                 1, // dot.go
}

var removed = map[string]bool{"go/build": true, "flag": true, "log": true, "os/exec": true}

type edit struct {
	start, end int // byte offsets in the file
	text       string
}

func rewriteFile(name string, src []byte, counts map[string]int) ([]byte, bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, false, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	pos := func(n ast.Node) string { return fset.Position(n.Pos()).String() }
	// The local names of the removed packages, and of fmt.
	local := map[string]string{}
	hasFmt := false
	var imports []*ast.ImportSpec
	for _, s := range f.Imports {
		p, err := strconv.Unquote(s.Path.Value)
		if err != nil {
			return nil, false, err
		}
		if p == "fmt" && s.Name == nil {
			hasFmt = true
		}
		if !removed[p] {
			continue
		}
		if s.Name != nil {
			return nil, false, fmt.Errorf("%s: import %s renamed", pos(s), s.Path.Value)
		}
		local[p[strings.LastIndex(p, "/")+1:]] = p
		imports = append(imports, s)
	}
	if len(imports) == 0 {
		return src, false, nil
	}

	var edits []edit
	// Whole statements and bodies that go; their uses of the removed
	// packages go with them.
	var gone [][2]token.Pos
	inGone := func(n ast.Node) bool {
		for _, g := range gone {
			if n.Pos() >= g[0] && n.End() <= g[1] {
				return true
			}
		}
		return false
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil {
			continue
		}
		switch fd.Name.Name {
		case "fixStdlib":
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				s, ok := n.(*ast.IfStmt)
				if !ok {
					return true
				}
				if pkg := binPkgLookup(s.Init); pkg == "flag" || pkg == "log" {
					counts[fmt.Sprintf("fixStdlib's binPkg[%q] block", pkg)]++
					gone = append(gone, [2]token.Pos{s.Pos(), s.End()})
					edits = append(edits, edit{off(s.Pos()), off(s.End()), "// (block for package " + pkg + " removed: the playground does not offer it)"})
					return false
				}
				return true
			})
		case "dotWriter":
			b := fd.Body.List
			if len(b) < 2 || !isDotCmdEmptyCheck(b[0]) || !mentions(fd.Body, "exec", "Command") {
				return nil, false, fmt.Errorf("%s: dotWriter has changed", pos(fd))
			}
			counts["dotWriter's command"]++
			gone = append(gone, [2]token.Pos{b[1].Pos(), fd.Body.Rbrace})
			edits = append(edits, edit{off(b[1].Pos()), off(fd.Body.Rbrace),
				"// No command can be started in this build (GOOS=js).\n\tpanic(\"interp: cannot start \" + dotCmd + \" in this build\")\n"})
		}
	}

	var bad error
	ast.Inspect(f, func(n ast.Node) bool {
		if bad != nil || n == nil {
			return false
		}
		if inGone(n) {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && isPkg(sel.X, "log", local) && sel.Sel.Name == "Panic" {
				counts["log.Panic call"]++
				edits = append(edits,
					edit{off(n.Fun.Pos()), off(n.Lparen) + 1, "panic(fmt.Sprint("},
					edit{off(n.Rparen), off(n.Rparen), ")"})
				for _, a := range n.Args {
					ast.Inspect(a, func(m ast.Node) bool {
						if s, ok := m.(*ast.SelectorExpr); ok && isPkgAny(s.X, local) && bad == nil {
							bad = fmt.Errorf("%s: %s.%s inside log.Panic", pos(s), s.X.(*ast.Ident).Name, s.Sel.Name)
						}
						return bad == nil
					})
				}
				return false
			}
		case *ast.SelectorExpr:
			if isPkg(n.X, "build", local) && (n.Sel.Name == "Context" || n.Sel.Name == "Default") {
				counts["build."+n.Sel.Name]++
				text := "buildContext"
				if n.Sel.Name == "Default" {
					text = "defaultBuildContext"
				}
				edits = append(edits, edit{off(n.Pos()), off(n.End()), text})
				return false
			}
			if isPkgAny(n.X, local) {
				bad = fmt.Errorf("%s: %s.%s not handled", pos(n), n.X.(*ast.Ident).Name, n.Sel.Name)
				return false
			}
		}
		return true
	})
	if bad != nil {
		return nil, false, bad
	}
	for _, s := range imports {
		p, _ := strconv.Unquote(s.Path.Value)
		counts[fmt.Sprintf("import %q", p)]++
		text := ""
		if p == "log" && !hasFmt && containsText(edits, "fmt.Sprint") {
			text, hasFmt = `"fmt"`, true
		}
		edits = append(edits, edit{off(s.Pos()), off(s.End()), text})
	}

	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b strings.Builder
	at := 0
	for _, e := range edits {
		if e.start < at {
			return nil, false, fmt.Errorf("%s: overlapping edits at offset %d", name, e.start)
		}
		b.WriteString(string(src[at:e.start]))
		b.WriteString(e.text)
		at = e.end
	}
	b.WriteString(string(src[at:]))
	res, err := format.Source([]byte(b.String()))
	if err != nil {
		return nil, false, fmt.Errorf("%s rewritten: %v", name, err)
	}
	if err := checkImports(name, res); err != nil {
		return nil, false, err
	}
	return res, true, nil
}

// binPkgLookup returns pkg for an if statement's init `p = interp.binPkg["pkg"]`.
func binPkgLookup(s ast.Stmt) string {
	a, ok := s.(*ast.AssignStmt)
	if !ok || len(a.Rhs) != 1 {
		return ""
	}
	ix, ok := a.Rhs[0].(*ast.IndexExpr)
	if !ok {
		return ""
	}
	if sel, ok := ix.X.(*ast.SelectorExpr); !ok || sel.Sel.Name != "binPkg" {
		return ""
	}
	lit, ok := ix.Index.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	p, _ := strconv.Unquote(lit.Value)
	return p
}

// isDotCmdEmptyCheck reports whether s is `if dotCmd == "" { return ... }`.
func isDotCmdEmptyCheck(s ast.Stmt) bool {
	i, ok := s.(*ast.IfStmt)
	if !ok || i.Init != nil || i.Else != nil {
		return false
	}
	c, ok := i.Cond.(*ast.BinaryExpr)
	if !ok || c.Op != token.EQL {
		return false
	}
	x, ok1 := c.X.(*ast.Ident)
	y, ok2 := c.Y.(*ast.BasicLit)
	return ok1 && ok2 && x.Name == "dotCmd" && y.Value == `""` &&
		len(i.Body.List) == 1 && isReturn(i.Body.List[0])
}

func isReturn(s ast.Stmt) bool { _, ok := s.(*ast.ReturnStmt); return ok }

func mentions(n ast.Node, pkg, name string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if s, ok := m.(*ast.SelectorExpr); ok {
			if x, ok := s.X.(*ast.Ident); ok && x.Name == pkg && s.Sel.Name == name {
				found = true
			}
		}
		return !found
	})
	return found
}

// isPkg reports whether x names the imported package name (not a local
// variable of that name).
func isPkg(x ast.Expr, name string, local map[string]string) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Name == name && id.Obj == nil && local[name] != ""
}

func isPkgAny(x ast.Expr, local map[string]string) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Obj == nil && local[id.Name] != ""
}

func containsText(edits []edit, s string) bool {
	for _, e := range edits {
		if strings.Contains(e.text, s) {
			return true
		}
	}
	return false
}

// checkImports fails if a rewritten file still imports a removed package.
func checkImports(name string, src []byte) error {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
	if err != nil {
		return fmt.Errorf("%s rewritten: %v", name, err)
	}
	for _, s := range f.Imports {
		if p, _ := strconv.Unquote(s.Path.Value); removed[p] {
			return fmt.Errorf("%s rewritten still imports %s", name, p)
		}
	}
	return nil
}

// contextSource is the file that declares buildContext and
// defaultBuildContext. The values are go/build.Default's for the program
// being built, as go/build computes them: GOOS and GOARCH from the
// environment, else the target's (runtime.GOOS, GOARCH: js, wasm in the
// browser); the release tags go1.1 to go1.N of the toolchain that runs this
// command, which is the one make builds the runtime with; BuildTags nil.
// GOPATH is left empty: New sets it from its options before any use.
func contextSource(releaseTags []string) ([]byte, error) {
	if len(releaseTags) == 0 {
		return nil, fmt.Errorf("go/build.Default has no release tags")
	}
	var tags []string
	for _, t := range releaseTags {
		tags = append(tags, strconv.Quote(t))
	}
	src := `// Code generated by flakylab's wasm/cmd/trimyaegi. DO NOT EDIT.

package interp

import (
	"os"
	"runtime"
)

// buildContext stands for go/build.Context: the fields interp reads.
type buildContext struct {
	GOOS        string
	GOARCH      string
	GOPATH      string
	BuildTags   []string
	ReleaseTags []string
}

// defaultBuildContext holds go/build.Default's values of those fields
// (GOPATH: New sets it before any use).
var defaultBuildContext = buildContext{
	GOOS:        trimEnvOr("GOOS", runtime.GOOS),
	GOARCH:      trimEnvOr("GOARCH", runtime.GOARCH),
	ReleaseTags: []string{` + strings.Join(tags, ", ") + `},
}

// trimEnvOr is internal/buildcfg's envOr, which go/build.Default's GOOS
// and GOARCH come from.
func trimEnvOr(key, value string) string {
	if x := os.Getenv(key); x != "" {
		return x
	}
	return value
}
`
	return format.Source([]byte(src))
}
