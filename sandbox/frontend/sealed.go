package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A sealed package is the learner's file compiled for grading: another
// package (the checks) imports it and runs it in the same interpreter. Go's
// visibility rules keep the checks' own names out of its reach; what the
// two still share are the variables of the packages both import
// (context.Canceled, time.UTC, provider.ErrTimeout, ...), which the checks
// compare against. checkSealed refuses every way a sealed package could
// change them: assigning to one (or to an element or field reached through
// one), taking its address, calling a pointer method on it, clearing or
// copying into it, and overwriting through a pointer a value whose fields
// belong to another package (*time.UTC = time.Location{}).

// withExtra serves the packages of Options.Imports before the allowed
// ones.
type withExtra struct {
	shared types.Importer
	extra  []*types.Package
}

func (w withExtra) Import(path string) (*types.Package, error) {
	if p := findPackage(w.extra, path); p != nil {
		return p, nil
	}
	return w.shared.Import(path)
}

func findPackage(list []*types.Package, path string) *types.Package {
	for _, p := range list {
		if p.Path() == path {
			return p
		}
	}
	return nil
}

const sealedReason = "graded code may not change another package's variables: the checks rely on them"

type sealer struct {
	fset  *token.FileSet
	pkg   *types.Package
	info  *types.Info
	diags []Diagnostic
}

// checkSealed reports the writes a sealed package may not make.
func checkSealed(fset *token.FileSet, file *ast.File, pkg *types.Package, info *types.Info) []Diagnostic {
	s := &sealer{fset: fset, pkg: pkg, info: info}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, lhs := range n.Lhs {
					s.write(lhs, "cannot assign to")
				}
			}
		case *ast.IncDecStmt:
			s.write(n.X, "cannot assign to")
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						s.write(e, "cannot assign to")
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				s.write(n.X, "cannot take the address of")
			}
		case *ast.SelectorExpr:
			s.pointerMethod(n)
		case *ast.CallExpr:
			s.builtinWrite(n)
		}
		return true
	})
	return s.diags
}

// write refuses e as the target of a write if it is, or is reached
// through, another package's variable, or if it overwrites a value whose
// fields another package owns.
func (s *sealer) write(e ast.Expr, what string) {
	if v := s.foreignVar(e); v != nil {
		s.refuse(e, what+" "+v.Pkg().Name()+"."+v.Name()+": "+sealedReason)
		return
	}
	if star, ok := ast.Unparen(e).(*ast.StarExpr); ok && what == "cannot assign to" {
		if named := s.foreignStruct(s.info.TypeOf(star)); named != nil {
			s.refuse(e, "cannot overwrite a "+named.Obj().Pkg().Name()+"."+named.Obj().Name()+
				" through a pointer: its fields belong to package "+named.Obj().Pkg().Name())
		}
	}
}

// foreignVar returns the package-level variable of another package that e
// names or reaches through indexing, slicing, fields and dereferences.
func (s *sealer) foreignVar(e ast.Expr) *types.Var {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			if v := s.packageVar(x.Sel); v != nil {
				return v
			}
			e = x.X
		case *ast.Ident:
			return s.packageVar(x) // a dot import names them unqualified
		default:
			return nil
		}
	}
}

// packageVar returns the variable id uses if it is declared at the top
// level of another package.
func (s *sealer) packageVar(id *ast.Ident) *types.Var {
	v, ok := s.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Pkg() == s.pkg {
		return nil
	}
	if v.Pkg().Scope().Lookup(v.Name()) != v {
		return nil
	}
	return v
}

// foreignStruct returns t if it is a struct type of another package with
// fields only that package can set.
func (s *sealer) foreignStruct(t types.Type) *types.Named {
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg() == s.pkg {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			return named
		}
	}
	return nil
}

// pointerMethod refuses a pointer method called on another package's
// variable of a non-pointer type, which takes its address implicitly.
func (s *sealer) pointerMethod(sel *ast.SelectorExpr) {
	selection, ok := s.info.Selections[sel]
	if !ok || selection.Kind() != types.MethodVal {
		return
	}
	sig, ok := selection.Obj().Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return
	}
	if _, ptrRecv := sig.Recv().Type().(*types.Pointer); !ptrRecv {
		return
	}
	if _, isPtr := s.info.TypeOf(sel.X).Underlying().(*types.Pointer); isPtr {
		return
	}
	if v := s.foreignVar(sel.X); v != nil {
		s.refuse(sel, "cannot call "+sel.Sel.Name+" on "+v.Pkg().Name()+"."+v.Name()+": "+sealedReason)
	}
}

// builtinWrite refuses clear, copy and delete into another package's
// variable.
func (s *sealer) builtinWrite(call *ast.CallExpr) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) == 0 {
		return
	}
	if _, builtin := s.info.Uses[id].(*types.Builtin); !builtin {
		return
	}
	switch id.Name {
	case "clear", "copy", "delete":
		if v := s.foreignVar(call.Args[0]); v != nil {
			s.refuse(call.Args[0], "cannot "+id.Name+" "+v.Pkg().Name()+"."+v.Name()+": "+sealedReason)
		}
	}
}

func (s *sealer) refuse(at ast.Node, msg string) {
	pos := s.fset.Position(at.Pos())
	s.diags = append(s.diags, Diagnostic{Kind: KindType, Line: pos.Line, Column: pos.Column, Message: msg})
}
