package sandbox

import (
	"fmt"
	"go/ast"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/frontend"
	"github.com/flakylab/flakylab/sandbox/internal/gosrc"
	"github.com/flakylab/flakylab/sandbox/symbols"
)

// corePrefix is where the course's own packages live.
const corePrefix = "github.com/flakylab/flakylab/core/"

// allowed maps every importable path to its package name. The list is
// the front end's (frontend.Allowed, whose type information is embedded);
// the interpreter's compiled symbol tables (symbols.Symbols) and the
// packages it interprets from source (gosrc) must cover exactly that list,
// which TestAllowListsAgree checks.
var allowed = buildAllowed()

// byName maps a package name to the path a snippet gets when it uses the
// name without importing it. rand is math/rand/v2, the modern one.
var byName = buildByName()

func buildAllowed() map[string]string {
	m := map[string]string{}
	for _, p := range frontend.Allowed {
		m[p] = packageName(p)
	}
	return m
}

// packageName is the name a package of the allow-list declares: the last
// element of its path, or the one before a major version ("math/rand/v2"
// is rand).
func packageName(p string) string {
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		return path.Base(path.Dir(p))
	}
	return base
}

// interpreterPackages maps the paths the interpreter can load to their
// names: the compiled symbol tables and the packages from source.
func interpreterPackages() map[string]string {
	m := map[string]string{}
	for key := range symbols.Symbols {
		m[path.Dir(key)] = path.Base(key)
	}
	for _, p := range gosrc.Packages {
		m[p] = path.Base(p)
	}
	m[path.Dir(osPath)] = path.Base(osPath) // bound per run (os.go)
	return m
}

func buildByName() map[string]string {
	m := map[string]string{}
	for p, name := range allowed {
		if old, dup := m[name]; dup && old < p {
			continue // keep the choice independent of map order
		}
		m[name] = p
	}
	if _, ok := allowed["math/rand/v2"]; ok {
		m["rand"] = "math/rand/v2"
	}
	return m
}

// Allowed returns the import paths a program may use, sorted.
func Allowed() []string {
	out := make([]string, 0, len(allowed))
	for p := range allowed {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// allowedSummary lists the allowed packages for error messages: the
// standard ones by path, the course's under one prefix.
func allowedSummary() string {
	var std, core []string
	for _, p := range Allowed() {
		if strings.HasPrefix(p, corePrefix) {
			core = append(core, strings.TrimPrefix(p, corePrefix))
		} else {
			std = append(std, p)
		}
	}
	s := strings.Join(std, ", ")
	if len(core) > 0 {
		s += ", and the course's " + corePrefix + "{" + strings.Join(core, ",") + "}"
	}
	return s
}

// checkImports refuses the first import outside the allow-list, positioned
// at its path.
func checkImports(p *program) *Error {
	for _, spec := range p.file.Imports {
		ip, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return p.errorAt(spec.Path.Pos(), KindImport, "malformed import path "+spec.Path.Value)
		}
		if _, ok := allowed[ip]; ok {
			continue
		}
		msg := fmt.Sprintf("package %q is not allowed in the playground; allowed packages: %s", ip, allowedSummary())
		return p.errorAt(spec.Path.Pos(), KindImport, msg)
	}
	return nil
}

// inferImports adds an import for every allow-listed package a snippet
// refers to by name (fmt.Println) without importing it. A name the snippet
// declares itself resolves to that declaration and is left alone. src is
// the text f was parsed from.
func inferImports(f *ast.File, src string) []string {
	have := map[string]bool{}
	for _, spec := range f.Imports {
		ip, _ := strconv.Unquote(spec.Path.Value)
		name := path.Base(ip)
		if n, ok := allowed[ip]; ok {
			name = n
		}
		if spec.Name != nil {
			name = spec.Name.Name
		}
		have[name] = true
	}
	candidates := map[string]bool{}
	for name := range byName {
		if !have[name] {
			candidates[name] = true
		}
	}
	local := localRefs(f, src, candidates)
	var add []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || local[id] || have[id.Name] {
			return true
		}
		if p, ok := byName[id.Name]; ok {
			have[id.Name] = true
			add = append(add, p)
		}
		return true
	})
	sort.Strings(add)
	for _, p := range add {
		addImport(f, "", p)
	}
	return add
}

// addImport prepends `import name "path"` to f.
func addImport(f *ast.File, name, importPath string) {
	spec := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(importPath)}}
	if name != "" {
		spec.Name = ast.NewIdent(name)
	}
	decl := &ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{spec}}
	f.Decls = append([]ast.Decl{decl}, f.Decls...)
	f.Imports = append(f.Imports, spec)
}
