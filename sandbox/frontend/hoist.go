package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// A type declared inside a function is moved to package level before the
// lowering, when that changes nothing a program can see: the interpreter
// keeps the identity of package-level types only (a local `type celsius
// float64` passes for float64 in an interface, a local struct for a
// struct type written out, so %T, type switches and equality go wrong),
// and it loses a local struct's promoted methods (a method value of an
// embedded field saw later changes; an embedded interface broke %T and
// sort.Sort). Go names a local type as it names a package-level one
// (main.point), so moving it keeps every output the same, provided
//   - the function is not generic (each instance has its own type);
//   - every identifier of that name in the file means this type, and
//     nothing at package level or in the universe has the name;
//   - its declaration refers only to package-level names, imported
//     packages and other types moved with it (not to a local constant).
// An alias moves too (the interpreter forgets a local alias's name after
// its declaration).
// The declaration is blanked where it was (its lines stay) and written
// before its function with line directives, so positions stay the
// learner's.

// localDecl is where a type declared in a function is: its statement and
// its function.
type localDecl struct {
	decl *ast.DeclStmt
	fn   *ast.FuncDecl
}

// hoistLocalTypes returns src with the local type declarations that can
// move written at package level, or nil when there is none.
func hoistLocalTypes(fset *token.FileSet, file *ast.File, info *types.Info, pkg *types.Package, src []byte) []byte {
	uses := map[string][]types.Object{} // every object each name denotes
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			obj := info.Defs[id]
			if obj == nil {
				obj = info.Uses[id]
			}
			uses[id.Name] = append(uses[id.Name], obj)
		}
		return true
	})
	cands := map[*types.TypeName]localDecl{}
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil || fn.Type.TypeParams != nil || fn.Recv != nil && hasTypeParams(info, fn) {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			ds, ok := n.(*ast.DeclStmt)
			if !ok {
				return true
			}
			if gd, ok := ds.Decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, s := range gd.Specs {
					ts := s.(*ast.TypeSpec)
					if tn, ok := info.Defs[ts.Name].(*types.TypeName); ok && hoistableName(tn, pkg, uses[tn.Name()]) {
						cands[tn] = localDecl{ds, fn}
					}
				}
			}
			return false
		})
	}
	// Drop, until none changes, a candidate whose declaration refers to a
	// local name that does not move, and a declaration with such a spec.
	for changed := true; changed; {
		changed = false
		for tn, c := range cands {
			if !declMoves(c.decl, info, pkg, cands) {
				delete(cands, tn)
				changed = true
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	byFunc := map[*ast.FuncDecl][]*ast.DeclStmt{}
	seen := map[*ast.DeclStmt]bool{}
	for _, c := range cands {
		if !seen[c.decl] {
			seen[c.decl] = true
			byFunc[c.fn] = append(byFunc[c.fn], c.decl)
		}
	}
	var splices []splice
	for fn, decls := range byFunc {
		sort.Slice(decls, func(i, j int) bool { return decls[i].Pos() < decls[j].Pos() })
		var b strings.Builder
		for _, ds := range decls {
			for _, s := range ds.Decl.(*ast.GenDecl).Specs {
				b.WriteString("type " + lineDirective(fset, s.Pos()))
				b.Write(src[fset.Position(s.Pos()).Offset:fset.Position(s.End()).Offset])
				b.WriteString("\n")
			}
			from, to := fset.Position(ds.Pos()).Offset, fset.Position(ds.End()).Offset
			splices = append(splices, splice{from, to, blankKeepingLines(src[from:to])})
		}
		at := fset.Position(fn.Pos()).Offset
		splices = append(splices, splice{at, at, b.String() + lineDirective(fset, fn.Pos())})
	}
	return applySplices(src, splices)
}

// hoistableName reports whether tn, declared in a function, may become a
// package-level type (or alias) of its name: one that nothing
// else in the file (but a field embedding it), at package level or in
// the universe denotes.
func hoistableName(tn *types.TypeName, pkg *types.Package, objs []types.Object) bool {
	if tn.Name() == "_" || pkg.Scope().Lookup(tn.Name()) != nil || types.Universe.Lookup(tn.Name()) != nil {
		return false
	}
	for _, o := range objs {
		if v, ok := o.(*types.Var); ok && v.Embedded() && (types.Identical(v.Type(), tn.Type()) || types.Identical(v.Type(), types.NewPointer(tn.Type()))) {
			continue // the field that embeds it, which keeps its name
		}
		if o != tn {
			return false
		}
	}
	return true
}

// declMoves reports whether every spec of ds is a candidate and refers
// only to package-level names, imported packages and candidates.
func declMoves(ds *ast.DeclStmt, info *types.Info, pkg *types.Package, cands map[*types.TypeName]localDecl) bool {
	ok := true
	for _, s := range ds.Decl.(*ast.GenDecl).Specs {
		ts := s.(*ast.TypeSpec)
		if tn, isTN := info.Defs[ts.Name].(*types.TypeName); !isTN {
			return false
		} else if _, in := cands[tn]; !in {
			return false
		}
		ast.Inspect(ts.Type, func(n ast.Node) bool {
			if sel, isSel := n.(*ast.SelectorExpr); isSel {
				ast.Inspect(sel.X, func(m ast.Node) bool { // a qualified name's package, or a field selector's operand
					if id, isID := m.(*ast.Ident); isID && !packageLevel(info.Uses[id], pkg, cands) {
						ok = false
					}
					return ok
				})
				return false
			}
			if id, isID := n.(*ast.Ident); isID && info.Uses[id] != nil && !packageLevel(info.Uses[id], pkg, cands) {
				ok = false
			}
			return ok
		})
	}
	return ok
}

// packageLevel reports whether obj is declared at package level, in the
// universe, is an imported package, or is a type that moves there.
func packageLevel(obj types.Object, pkg *types.Package, cands map[*types.TypeName]localDecl) bool {
	if tn, ok := obj.(*types.TypeName); ok {
		if _, in := cands[tn]; in {
			return true
		}
	}
	if _, ok := obj.(*types.PkgName); ok {
		return true
	}
	return obj.Parent() == pkg.Scope() || obj.Parent() == types.Universe || obj.Pkg() != pkg
}

// hasTypeParams reports whether fn is a method of a generic type.
func hasTypeParams(info *types.Info, fn *ast.FuncDecl) bool {
	f, ok := info.Defs[fn.Name].(*types.Func)
	if !ok {
		return true
	}
	sig := f.Type().(*types.Signature)
	return sig.RecvTypeParams().Len() > 0
}

// lineDirective is a /*line*/ directive that gives the text after it the
// learner's position of pos.
func lineDirective(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return "/*line " + p.Filename + ":" + itoa(p.Line) + ":" + itoa(p.Column) + "*/"
}

// blankKeepingLines is text with every byte but line breaks made a space.
func blankKeepingLines(text []byte) string {
	b := []byte(string(text))
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}
