package exercises

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strconv"
)

// prune keeps of a harness only what the selected check needs: main, the
// check's function and everything they reach, with the checks table cut
// down to that one entry. Each check runs in a fresh interpreter that
// type-checks and compiles the whole harness first, and in the page that
// costs more than most checks do; the others' code would be compiled for
// nothing.
func prune(src, check string) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "checks.go", src, parser.SkipObjectResolution)
	if err != nil {
		return "", err
	}
	decls := map[string][]ast.Decl{} // top-level name -> the declarations that declare it or are its methods
	for _, d := range f.Decls {
		for _, name := range declNames(d) {
			decls[name] = append(decls[name], d)
		}
	}
	selected, err := cutTable(f, check)
	if err != nil {
		return "", err
	}
	keep := map[ast.Decl]bool{}
	queue := []string{"main", selected, "chkSelected", "chkSeed"}
	seen := map[string]bool{}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		for _, d := range decls[name] {
			if keep[d] {
				continue
			}
			keep[d] = true
			ast.Inspect(d, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && decls[id.Name] != nil && !seen[id.Name] {
					queue = append(queue, id.Name)
				}
				return true
			})
		}
	}
	var kept []ast.Decl
	used := usedPackages(f, keep)
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			var specs []ast.Spec
			for _, s := range g.Specs {
				if used[importName(s.(*ast.ImportSpec))] {
					specs = append(specs, s)
				}
			}
			g.Specs = specs
			kept = append(kept, g)
			continue
		}
		if keep[d] {
			kept = append(kept, d)
		}
	}
	f.Decls = kept
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		return "", err
	}
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

// cutTable leaves only check's entry in the chkChecks table and returns
// the name of its function.
func cutTable(f *ast.File, check string) (string, error) {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if len(vs.Names) != 1 || vs.Names[0].Name != "chkChecks" || len(vs.Values) != 1 {
				continue
			}
			lit, ok := vs.Values[0].(*ast.CompositeLit)
			if !ok {
				return "", fmt.Errorf("exercises: chkChecks is not a map literal")
			}
			for _, e := range lit.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, _ := kv.Key.(*ast.BasicLit)
				fn, _ := kv.Value.(*ast.Ident)
				if key == nil || fn == nil {
					continue
				}
				if name, _ := strconv.Unquote(key.Value); name == check {
					lit.Elts = []ast.Expr{kv}
					return fn.Name, nil
				}
			}
			return "", fmt.Errorf("exercises: chkChecks has no entry %q", check)
		}
	}
	return "", fmt.Errorf("exercises: the harness has no chkChecks table")
}

// usedPackages returns the import names the kept declarations use; a dot
// import counts as used.
func usedPackages(f *ast.File, keep map[ast.Decl]bool) map[string]bool {
	used := map[string]bool{".": true}
	for d := range keep {
		ast.Inspect(d, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
	}
	return used
}

func importName(s *ast.ImportSpec) string {
	if s.Name != nil {
		return s.Name.Name
	}
	p, _ := strconv.Unquote(s.Path.Value)
	return defaultName(p)
}
