package frontend

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Generics.
//
// yaegi v0.16.1 runs simple generic code but fails on much of the rest
// (a generic function calling another with a defined type, generic types
// with methods, constraints with methods, ...). So the front end
// monomorphizes: it writes every instance of the program's generic
// functions and types as ordinary code, with the type parameters replaced
// by the type arguments, and the interpreter never sees a type parameter.
//
// The rewrite is textual, on the checked source, so that every position
// stays the learner's: the generic declarations are blanked out (their
// lines stay), each instantiation becomes the instance's name followed by
// a /*line*/ directive restoring the column of what follows, and the
// instances are appended, each after a //line directive pointing at its
// generic declaration. The result is checked again, then lowered.

// monoLimit caps the instances one program may need.
const monoLimit = 500

// instance is one instantiation of a generic function or type.
type instance struct {
	name string       // the name it is declared under
	obj  types.Object // the generic *types.Func or *types.TypeName
	args []types.Type // its type arguments, concrete
	show string       // how Go names it: List[int]
	bind map[*types.TypeParam]types.Type
}

// monomorphizer rewrites one checked file.
type monomorphizer struct {
	fset *token.FileSet
	file *ast.File
	tf   *token.File
	src  []byte
	pkg  *types.Package
	info *types.Info

	decls     map[types.Object]ast.Node        // generic *ast.FuncDecl or *ast.TypeSpec by object
	methods   map[types.Object][]*ast.FuncDecl // methods by their generic receiver type
	generic   []ast.Node                       // declarations to blank out
	instances map[string]*instance             // by key
	order     []*instance
	imports   map[string]string // import path -> name in the file
	single    map[types.Object]bool
	hoists    map[*types.TypeName]*hoisted // local types moved to package level
	// localIndex numbers the program's local types as Go does in
	// instance names (main.pair[main.point·1]).
	localIndex map[*types.TypeName]int
	err        *Diagnostic
}

// monomorphize returns the source with the generics written out, and the
// names of the instances (List_fl1 -> List[int]), or a nil source when
// the program declares no generic function or type. diag is set when the
// program cannot be monomorphized.
func monomorphize(fset *token.FileSet, file *ast.File, src []byte, pkg *types.Package, info *types.Info) (out []byte, names map[string]string, diag *Diagnostic) {
	// A generic type with one instance keeps its name, so that a struct
	// embedding it keeps its field name; that needs a first pass to count.
	first := newMonomorphizer(fset, file, src, pkg, info, nil)
	out, _, diag = first.run()
	if out == nil || diag != nil {
		return nil, nil, diag
	}
	count := map[types.Object]int{}
	for _, in := range first.order {
		count[in.obj]++
	}
	single := map[types.Object]bool{}
	for obj, n := range count {
		if _, isType := obj.(*types.TypeName); isType && n == 1 {
			single[obj] = true
		}
	}
	return newMonomorphizer(fset, file, src, pkg, info, single).run()
}

func newMonomorphizer(fset *token.FileSet, file *ast.File, src []byte, pkg *types.Package, info *types.Info, single map[types.Object]bool) *monomorphizer {
	return &monomorphizer{
		fset: fset, file: file, tf: fset.File(file.Package), src: src, pkg: pkg, info: info,
		decls:     map[types.Object]ast.Node{},
		methods:   map[types.Object][]*ast.FuncDecl{},
		instances: map[string]*instance{},
		imports:   map[string]string{},
		single:    single,
	}
}

// run writes the program out.
func (m *monomorphizer) run() (out []byte, names map[string]string, diag *Diagnostic) {
	fset, file, src, info := m.fset, m.file, m.src, m.info
	if !m.collect() {
		return nil, nil, nil
	}
	m.planHoists()
	for _, spec := range file.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		if spec.Name != nil {
			m.imports[p] = spec.Name.Name
		} else if pn, ok := info.Implicits[spec].(*types.PkgName); ok {
			m.imports[p] = pn.Name()
		}
	}
	// The program outside the generic declarations, edited in place.
	edits := m.hoistEdits()
	for _, d := range file.Decls {
		if m.isGeneric(d) {
			continue
		}
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			for _, s := range gd.Specs {
				if _, generic := m.decls[m.info.Defs[s.(*ast.TypeSpec).Name]]; !generic {
					edits = append(edits, m.instantiations(s, nil)...)
				}
			}
			continue
		}
		edits = append(edits, m.instantiations(d, nil)...)
	}
	for _, g := range m.generic {
		edits = append(edits, edit{start: m.offset(g.Pos()), end: m.offset(g.End()), blank: true})
	}
	edits = append(edits, m.genDeclOfEdits()...)
	body := m.apply(0, len(src), edits)
	var b strings.Builder
	b.WriteString(body)
	b.WriteString(m.writeHoisted())
	// The instances, until none is left to write.
	for i := 0; i < len(m.order) && m.err == nil; i++ {
		if len(m.order) > monoLimit {
			at := fset.Position(m.decls[m.order[i].obj].Pos())
			return nil, nil, &Diagnostic{Kind: KindUnsupported, Line: at.Line, Column: at.Column,
				Message: fmt.Sprintf("more than %d instances of generic functions and types are not supported by the playground", monoLimit)}
		}
		b.WriteString(m.write(m.order[i]))
	}
	if m.err != nil {
		return nil, nil, m.err
	}
	names = map[string]string{}
	for _, in := range m.order {
		names[in.name] = in.show
	}
	for tn, h := range m.hoists {
		if h.name != tn.Name() {
			names[h.name] = tn.Name()
		}
	}
	return []byte(b.String()), names, nil
}

// collect finds the generic declarations; it reports whether there are
// any.
func (m *monomorphizer) collect() bool {
	for _, d := range m.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Type.TypeParams != nil && d.Type.TypeParams.NumFields() > 0 {
				m.decls[m.info.Defs[d.Name]] = d
				m.generic = append(m.generic, d) // blanked with its methods below
			}
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			for _, s := range d.Specs {
				ts := s.(*ast.TypeSpec)
				if ts.TypeParams != nil && ts.TypeParams.NumFields() > 0 {
					m.decls[m.info.Defs[ts.Name]] = ts
				}
			}
		}
	}
	for _, d := range m.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
			continue
		}
		if obj := m.recvBase(fd); obj != nil {
			if _, generic := m.decls[obj]; generic {
				m.methods[obj] = append(m.methods[obj], fd)
				m.generic = append(m.generic, fd)
			}
		}
	}
	return len(m.decls) > 0
}

// genDeclOfEdits returns the edits that blank the generic type specs: a
// whole declaration when it holds nothing else.
func (m *monomorphizer) genDeclOfEdits() []edit {
	var edits []edit
	for _, d := range m.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		all := true
		for _, s := range gd.Specs {
			if _, generic := m.decls[m.info.Defs[s.(*ast.TypeSpec).Name]]; !generic {
				all = false
			}
		}
		if all {
			edits = append(edits, edit{start: m.offset(gd.Pos()), end: m.offset(gd.End()), blank: true})
			continue
		}
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			if _, generic := m.decls[m.info.Defs[ts.Name]]; generic {
				edits = append(edits, edit{start: m.offset(ts.Pos()), end: m.offset(ts.End()), blank: true})
			}
		}
	}
	return edits
}

// recvBase returns the type a method's receiver names.
func (m *monomorphizer) recvBase(fd *ast.FuncDecl) types.Object {
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return m.info.Uses[id]
	}
	return nil
}

// isGeneric reports whether d is a generic function or a method of a
// generic type (generic type specs are blanked separately).
func (m *monomorphizer) isGeneric(d ast.Decl) bool {
	for _, g := range m.generic {
		if g == d {
			return true
		}
	}
	return false
}

// offset is the byte offset of pos in the source.
func (m *monomorphizer) offset(pos token.Pos) int { return m.tf.Offset(pos) }

// edit replaces src[start:end] by text; blank keeps only the newlines.
type edit struct {
	start, end int
	text       string
	blank      bool
}

// apply returns src[from:to] with the edits inside it applied. After each
// edit that is not a blank, a /*line*/ directive gives what follows its
// original position again.
func (m *monomorphizer) apply(from, to int, edits []edit) string {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b strings.Builder
	at := from
	for _, e := range edits {
		if e.start < at || e.start < from || e.end > to {
			continue // overlaps an edit already applied, or outside
		}
		b.Write(m.src[at:e.start])
		if e.blank {
			for _, c := range m.src[e.start:e.end] {
				if c == '\n' {
					b.WriteByte('\n')
				}
			}
		} else {
			b.WriteString(e.text)
			if e.end < len(m.src) {
				p := m.fset.Position(m.tf.Pos(e.end))
				fmt.Fprintf(&b, "/*line %s:%d:%d*/", p.Filename, p.Line, p.Column)
			}
		}
		at = e.end
	}
	b.Write(m.src[at:to])
	return b.String()
}
