package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Types declared inside functions, as type arguments.
//
// f[large](x) with large declared inside main is valid Go, but the
// instance of f is written at package level, out of large's scope. So a
// local type that is a type argument moves to package level, with the
// local types its definition names, when its definition needs nothing
// else of its function (a constant, a type parameter): the declaration
// is blanked where it stood (its lines stay) and written after the
// program under a line directive. It is renamed when its name is taken
// anywhere else in the file; %T still names it as Go does (main.large).
// A local type of a generic function stays, and the program is refused.

// hoisted is a local type moved to package level.
type hoisted struct {
	spec *ast.TypeSpec
	decl *ast.GenDecl
	name string // at package level
}

// planHoists decides which local types move to package level.
func (m *monomorphizer) planHoists() {
	m.hoists = map[*types.TypeName]*hoisted{}
	m.localIndex = map[*types.TypeName]int{}
	specs := map[*types.TypeName]*hoisted{}
	ast.Inspect(m.file, func(n ast.Node) bool {
		ds, ok := n.(*ast.DeclStmt)
		if !ok {
			return true
		}
		gd, ok := ds.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			return true
		}
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			tn, ok := m.info.Defs[ts.Name].(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			m.localIndex[tn] = len(m.localIndex) + 1
			if ts.TypeParams == nil && !m.inGeneric(ts) {
				specs[tn] = &hoisted{spec: ts, decl: gd, name: tn.Name()}
			}
		}
		return true
	})
	if len(specs) == 0 {
		return
	}
	var work []*types.TypeName
	for _, inst := range m.info.Instances {
		for i := range inst.TypeArgs.Len() {
			work = localNamed(inst.TypeArgs.At(i), m.pkg, work)
		}
	}
	want := map[*types.TypeName]bool{}
	for len(work) > 0 {
		tn := work[len(work)-1]
		work = work[:len(work)-1]
		if want[tn] {
			continue
		}
		h, ok := specs[tn]
		if !ok {
			continue // left for writeNamedText to refuse
		}
		deps, ok := m.localDeps(h.spec)
		if !ok {
			continue
		}
		want[tn] = true
		work = append(work, deps...)
	}
	for tn := range want {
		h := specs[tn]
		if m.nameTaken(tn) {
			h.name = helperPrefix + tn.Name() + "_" + strconv.Itoa(int(h.spec.Pos()))
		}
		m.hoists[tn] = h
	}
}

// inGeneric reports whether n is inside a generic function or a method of
// a generic type.
func (m *monomorphizer) inGeneric(n ast.Node) bool {
	for _, g := range m.generic {
		if g.Pos() <= n.Pos() && n.End() <= g.End() {
			return true
		}
	}
	return false
}

// localDeps returns the local types the definition in spec names, or false
// when it names anything else of its function.
func (m *monomorphizer) localDeps(spec *ast.TypeSpec) ([]*types.TypeName, bool) {
	var deps []*types.TypeName
	ok := true
	ast.Inspect(spec.Type, func(n ast.Node) bool {
		id, isIdent := n.(*ast.Ident)
		if !isIdent || !ok {
			return ok
		}
		obj := m.info.Uses[id]
		switch {
		case obj == nil, obj.Parent() == types.Universe, obj.Parent() == m.pkg.Scope(), obj.Pkg() != m.pkg:
		default:
			if _, isPkg := obj.(*types.PkgName); isPkg {
				break
			}
			tn, isType := obj.(*types.TypeName)
			if !isType {
				ok = false
				break
			}
			deps = append(deps, tn)
		}
		return ok
	})
	return deps, ok
}

// nameTaken reports whether another object of the file, or a predeclared
// one, has tn's name.
func (m *monomorphizer) nameTaken(tn *types.TypeName) bool {
	if types.Universe.Lookup(tn.Name()) != nil {
		return true
	}
	for id, obj := range m.info.Defs {
		if obj != nil && obj != tn && id.Name == tn.Name() {
			return true
		}
	}
	return false
}

// hoistEdits returns the edits that blank the moved declarations where
// they stand: a whole declaration when all of it moves.
func (m *monomorphizer) hoistEdits() []edit {
	var edits []edit
	done := map[*ast.GenDecl]bool{}
	for _, h := range m.hoists {
		if done[h.decl] {
			continue
		}
		all := true
		for _, s := range h.decl.Specs {
			if _, moved := m.hoists[m.info.Defs[s.(*ast.TypeSpec).Name].(*types.TypeName)]; !moved {
				all = false
			}
		}
		if all {
			done[h.decl] = true
			edits = append(edits, edit{start: m.offset(h.decl.Pos()), end: m.offset(h.decl.End()), blank: true})
			continue
		}
		edits = append(edits, edit{start: m.offset(h.spec.Pos()), end: m.offset(h.spec.End()), blank: true})
	}
	return edits
}

// writeHoisted returns the package-level declarations of the moved types,
// in source order.
func (m *monomorphizer) writeHoisted() string {
	var list []*hoisted
	for _, h := range m.hoists {
		list = append(list, h)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].spec.Pos() < list[j].spec.Pos() })
	var out string
	for _, h := range list {
		edits := []edit{{start: m.offset(h.spec.Name.Pos()), end: m.offset(h.spec.Name.End()), text: h.name}}
		edits = append(edits, m.instantiations(h.spec.Type, nil)...)
		out += m.sectionWith("type ", h.spec.Pos(), h.spec.End(), edits)
	}
	return out
}

// hoistedName returns the package-level name of a moved local type.
func (m *monomorphizer) hoistedName(obj types.Object) (string, bool) {
	tn, ok := obj.(*types.TypeName)
	if !ok {
		return "", false
	}
	h, ok := m.hoists[tn]
	if !ok {
		return "", false
	}
	return h.name, true
}

// showTypeArg returns how Go names the type argument t inside an
// instance's name: a type declared inside a function carries the number
// of its declaration among the package's local types (main.pair[main.point·1]).
func (m *monomorphizer) showTypeArg(t types.Type) string {
	s := types.TypeString(t, func(p *types.Package) string { return p.Name() })
	for _, tn := range localNamed(t, m.pkg, nil) {
		if n, ok := m.localIndex[tn]; ok {
			rx := regexp.MustCompile(regexp.QuoteMeta(tn.Pkg().Name()+"."+tn.Name()) + `\b(·)?`)
			s = rx.ReplaceAllStringFunc(s, func(match string) string {
				if strings.HasSuffix(match, "·") {
					return match
				}
				return match + "·" + strconv.Itoa(n)
			})
		}
	}
	return s
}

// localNamed appends the named types declared inside functions of pkg
// that t mentions.
func localNamed(t types.Type, pkg *types.Package, out []*types.TypeName) []*types.TypeName {
	switch t := t.(type) {
	case *types.Named:
		if obj := t.Obj(); obj.Pkg() == pkg && obj.Parent() != nil && obj.Parent() != pkg.Scope() {
			out = append(out, obj)
		}
		for i := range t.TypeArgs().Len() {
			out = localNamed(t.TypeArgs().At(i), pkg, out)
		}
	case *types.Alias:
		return localNamed(types.Unalias(t), pkg, out)
	case *types.Pointer:
		return localNamed(t.Elem(), pkg, out)
	case *types.Slice:
		return localNamed(t.Elem(), pkg, out)
	case *types.Array:
		return localNamed(t.Elem(), pkg, out)
	case *types.Chan:
		return localNamed(t.Elem(), pkg, out)
	case *types.Map:
		return localNamed(t.Elem(), pkg, localNamed(t.Key(), pkg, out))
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for i := range tuple.Len() {
				out = localNamed(tuple.At(i).Type(), pkg, out)
			}
		}
	case *types.Struct:
		for i := range t.NumFields() {
			out = localNamed(t.Field(i).Type(), pkg, out)
		}
	case *types.Interface:
		for i := range t.NumMethods() {
			out = localNamed(t.Method(i).Type(), pkg, out)
		}
	}
	return out
}
