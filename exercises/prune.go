package exercises

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"sync"
)

// Each check runs in a fresh interpreter that type-checks and compiles its
// whole harness first, and in the page that costs more than most checks
// do. So a check's harness keeps only what it needs: main, the check's
// function and everything they reach, with the checks table cut down to
// its one entry. The harness of an exercise is parsed once (harnessIndex);
// each check's is then cut from its text.

// harnessIndex is an exercise's full harness, split into its top-level
// declarations.
type harnessIndex struct {
	imports []importText
	decls   []declText
	byName  map[string][]int  // top-level name -> its declarations (methods under their type)
	table   map[string]string // check -> the name of its function
}

type importText struct {
	name, text string
}

type declText struct {
	text  string
	table bool     // the chkChecks table, written anew for each check
	refs  []string // identifiers it uses
	pkgs  []string // names it uses before a dot (packages, or values)
}

var indexes sync.Map // slug -> *harnessIndex

// index returns the exercise's harness index, built on first use.
func (e *Exercise) index() (*harnessIndex, error) {
	if ix, ok := indexes.Load(e.Slug); ok {
		return ix.(*harnessIndex), nil
	}
	var b strings.Builder
	b.WriteString("package main\n\n")
	b.WriteString(e.harnessImports())
	b.WriteString("\n\n")
	b.WriteString(harnessBody(prelude))
	for _, c := range e.checks {
		b.WriteString("\n")
		b.WriteString(harnessBody(c))
	}
	ix, err := newIndex(b.String())
	if err != nil {
		return nil, fmt.Errorf("exercises: harness of %s: %w", e.Slug, err)
	}
	indexes.Store(e.Slug, ix)
	return ix, nil
}

func newIndex(src string) (*harnessIndex, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "checks.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	text := func(n ast.Node) string {
		return src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset]
	}
	ix := &harnessIndex{byName: map[string][]int{}, table: map[string]string{}}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			for _, s := range g.Specs {
				spec := s.(*ast.ImportSpec)
				ix.imports = append(ix.imports, importText{name: importName(spec), text: text(spec)})
			}
			continue
		}
		dt := declText{text: text(d)}
		if ix.readTable(d) {
			dt.table = true
		}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				dt.refs = append(dt.refs, n.Name)
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok {
					dt.pkgs = append(dt.pkgs, id.Name)
				}
			}
			return true
		})
		for _, name := range declNames(d) {
			ix.byName[name] = append(ix.byName[name], len(ix.decls))
		}
		ix.decls = append(ix.decls, dt)
	}
	if len(ix.table) == 0 {
		return nil, fmt.Errorf("no chkChecks table")
	}
	return ix, nil
}

// readTable records the entries of d if it is the chkChecks table.
func (ix *harnessIndex) readTable(d ast.Decl) bool {
	g, ok := d.(*ast.GenDecl)
	if !ok || g.Tok != token.VAR || len(g.Specs) != 1 {
		return false
	}
	vs := g.Specs[0].(*ast.ValueSpec)
	if len(vs.Names) != 1 || vs.Names[0].Name != "chkChecks" || len(vs.Values) != 1 {
		return false
	}
	lit, ok := vs.Values[0].(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.BasicLit)
		fn, _ := kv.Value.(*ast.Ident)
		if key != nil && fn != nil {
			name, _ := strconv.Unquote(key.Value)
			ix.table[name] = fn.Name
		}
	}
	return true
}

// harness returns check's harness, without the seed constant.
func (ix *harnessIndex) harness(check string) (string, error) {
	fn, ok := ix.table[check]
	if !ok {
		return "", fmt.Errorf("chkChecks has no entry %q", check)
	}
	keep := make([]bool, len(ix.decls))
	seen := map[string]bool{}
	queue := []string{"main", fn, "chkSelected"}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		for _, i := range ix.byName[name] {
			if keep[i] {
				continue
			}
			keep[i] = true
			if ix.decls[i].table {
				continue // only the selected entry stays: fn is queued already
			}
			for _, ref := range ix.decls[i].refs {
				if !seen[ref] && ix.byName[ref] != nil {
					queue = append(queue, ref)
				}
			}
		}
	}
	used := map[string]bool{".": true}
	var body strings.Builder
	for i, d := range ix.decls {
		if !keep[i] {
			continue
		}
		for _, p := range d.pkgs {
			used[p] = true
		}
		if d.table {
			fmt.Fprintf(&body, "var chkChecks = map[string]func() chkResult{\n\t%s: %s,\n}\n\n", strconv.Quote(check), fn)
			continue
		}
		body.WriteString(d.text)
		body.WriteString("\n\n")
	}
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	for _, imp := range ix.imports {
		if used[imp.name] {
			b.WriteString("\t" + imp.text + "\n")
		}
	}
	b.WriteString(")\n\n")
	b.WriteString(body.String())
	fmt.Fprintf(&b, "const chkSelected = %s\n", strconv.Quote(check))
	return b.String(), nil
}

// declNames returns the top-level names d declares; a method counts under
// its receiver's type, so that a kept type keeps its methods.
func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			t := d.Recv.List[0].Type
			if s, ok := t.(*ast.StarExpr); ok {
				t = s.X
			}
			if id, ok := t.(*ast.Ident); ok {
				return []string{id.Name}
			}
			return nil
		}
		return []string{d.Name.Name}
	case *ast.GenDecl:
		var names []string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					names = append(names, n.Name)
				}
			}
		}
		return names
	}
	return nil
}

func importName(s *ast.ImportSpec) string {
	if s.Name != nil {
		return s.Name.Name
	}
	p, _ := strconv.Unquote(s.Path.Value)
	return defaultName(p)
}
