package sandbox

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// The run path parses without object resolution (parser.SkipObjectResolution):
// nothing reads ast.Ident.Obj but the two places that ask whether the x of
// a selector x.Sel names a package or something the file declares
// (inferImports, readVarsLive), and resolving every identifier of every
// file cost a first run more than those two questions do: most files
// declare nothing named like the packages they are asked about.

// localRefs returns the identifiers x of f's selectors x.Sel whose name
// is one of names and that refer to a declaration of the file: those
// go/parser's object resolution gives an Obj (a local variable,
// parameter or package-level declaration called time shadows the package
// time). src is the text f was parsed from, with its object resolution
// skipped; f must not have been changed since.
func localRefs(f *ast.File, src string, names map[string]bool) map[*ast.Ident]bool {
	if len(names) == 0 || !declaresAny(f, names) {
		return nil // the common case: nothing the file declares is called so
	}
	// The parser's own resolution, of the same text: its selectors are
	// f's, at the same offsets.
	resolved, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		return nil // f parsed, and so does its text
	}
	bound := map[token.Pos]bool{} // by offset
	for _, x := range selectorBases(resolved) {
		if x.Obj != nil && names[x.Name] {
			bound[x.Pos()-resolved.FileStart] = true
		}
	}
	refs := map[*ast.Ident]bool{}
	for _, x := range selectorBases(f) {
		if bound[x.Pos()-f.FileStart] {
			refs[x] = true
		}
	}
	return refs
}

// selectorBases lists the identifiers x of f's selectors x.Sel, in order.
func selectorBases(f *ast.File) []*ast.Ident {
	var out []*ast.Ident
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				out = append(out, id)
			}
		}
		return true
	})
	return out
}

// declaresAny reports whether f declares an identifier named in names
// anywhere (a package-level name, a local variable, a parameter, a field,
// a type parameter): when it does not, no selector's x can refer to a
// declaration of the file.
func declaresAny(f *ast.File, names map[string]bool) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.IMPORT {
				return false
			}
		case *ast.ValueSpec:
			found = found || anyNamed(n.Names, names)
		case *ast.TypeSpec:
			found = found || names[n.Name.Name]
		case *ast.FuncDecl:
			found = found || names[n.Name.Name]
			if n.Recv != nil && len(n.Recv.List) > 0 {
				// Type parameters of a generic receiver, T[K, V].
				t := n.Recv.List[0].Type
				if s, ok := t.(*ast.StarExpr); ok {
					t = s.X
				}
				switch t := t.(type) {
				case *ast.IndexExpr:
					found = found || anyNamed([]ast.Expr{t.Index}, names)
				case *ast.IndexListExpr:
					found = found || anyNamed(t.Indices, names)
				}
			}
		case *ast.Field:
			found = found || anyNamed(n.Names, names)
		case *ast.AssignStmt:
			found = found || n.Tok == token.DEFINE && anyNamed(n.Lhs, names)
		case *ast.RangeStmt:
			found = found || n.Tok == token.DEFINE && anyNamed([]ast.Expr{n.Key, n.Value}, names)
		}
		return !found
	})
	return found
}

// anyNamed reports whether one of list is an identifier named in names;
// list holds *ast.Ident or other expressions.
func anyNamed[E ast.Node](list []E, names map[string]bool) bool {
	for _, e := range list {
		if id, ok := ast.Node(e).(*ast.Ident); ok && names[id.Name] {
			return true
		}
	}
	return false
}
