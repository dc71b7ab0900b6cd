package frontend

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// instantiations returns the edits that rewrite node n: every
// instantiation of a generic function or type of the program becomes the
// instance's name, and, in an instance (bind not nil), every type
// parameter becomes its type argument.
func (m *monomorphizer) instantiations(n ast.Node, bind map[*types.TypeParam]types.Type) []edit {
	var edits []edit
	var stack []ast.Node
	ast.Inspect(n, func(x ast.Node) bool {
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, x)
		if m.err != nil {
			return true
		}
		if bind != nil {
			edits = append(edits, m.switchEdits(x, bind)...)
			if ta, ok := x.(*ast.TypeAssertExpr); ok {
				if e, ok := m.assertEdit(ta, parent, bind); ok {
					edits = append(edits, e)
					return true
				}
			}
		}
		switch x := x.(type) {
		case *ast.IndexExpr:
			if id, ok := x.X.(*ast.Ident); ok && m.isInstance(id) {
				edits = append(edits, m.instanceEdit(id, x.Pos(), x.End(), bind))
			}
		case *ast.IndexListExpr:
			if id, ok := x.X.(*ast.Ident); ok && m.isInstance(id) {
				edits = append(edits, m.instanceEdit(id, x.Pos(), x.End(), bind))
			}
		case *ast.Ident:
			if m.isInstance(x) {
				if _, whole := parent.(*ast.IndexExpr); whole && parent.(*ast.IndexExpr).X == x {
					break // the IndexExpr's edit covers it
				}
				if il, whole := parent.(*ast.IndexListExpr); whole && il.X == x {
					break
				}
				edits = append(edits, m.instanceEdit(x, x.Pos(), x.End(), bind))
				break
			}
			if name, ok := m.hoistedName(m.info.Uses[x]); ok {
				edits = append(edits, edit{start: m.offset(x.Pos()), end: m.offset(x.End()), text: name})
				break
			}
			if e, ok := m.embeddedFieldEdit(x, bind); ok {
				edits = append(edits, e)
				break
			}
			if tn, ok := m.info.Uses[x].(*types.TypeName); ok && bind != nil {
				if tp, ok := tn.Type().(*types.TypeParam); ok {
					if t, ok := bind[tp]; ok {
						edits = append(edits, edit{start: m.offset(x.Pos()), end: m.offset(x.End()), text: m.typeText(t, true)})
					}
				}
			}
		}
		return true
	})
	return edits
}

// embeddedFieldEdit renames a use of an embedded field whose type is an
// instance of the program's generic types (a selector x.B or a key B: in
// a literal): the field is named after its type, which is now the
// instance's.
func (m *monomorphizer) embeddedFieldEdit(id *ast.Ident, bind map[*types.TypeParam]types.Type) (edit, bool) {
	v, ok := m.info.Uses[id].(*types.Var)
	if !ok || !v.IsField() || !v.Embedded() {
		return edit{}, false
	}
	t := m.subst(v.Type(), bind)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.TypeArgs().Len() == 0 || named.Origin().Obj().Name() != v.Name() {
		return edit{}, false
	}
	if _, own := m.decls[named.Origin().Obj()]; !own {
		return edit{}, false
	}
	return edit{start: m.offset(id.Pos()), end: m.offset(id.End()), text: m.typeText(named, false)}, true
}

// isInstance reports whether id instantiates a generic function or type
// the program declares.
func (m *monomorphizer) isInstance(id *ast.Ident) bool {
	inst, ok := m.info.Instances[id]
	if !ok || inst.TypeArgs.Len() == 0 {
		return false
	}
	_, own := m.decls[m.info.Uses[id]]
	return own
}

// instanceEdit replaces [pos, end) by the name of the instance id stands
// for, its type arguments substituted by bind.
func (m *monomorphizer) instanceEdit(id *ast.Ident, pos, end token.Pos, bind map[*types.TypeParam]types.Type) edit {
	inst := m.info.Instances[id]
	args := make([]types.Type, inst.TypeArgs.Len())
	for i := range args {
		args[i] = m.subst(inst.TypeArgs.At(i), bind)
	}
	name := m.instance(m.info.Uses[id], args).name
	return edit{start: m.offset(pos), end: m.offset(end), text: name}
}

// instance returns the instance of obj with args, registering it.
func (m *monomorphizer) instance(obj types.Object, args []types.Type) *instance {
	var key strings.Builder
	key.WriteString(obj.Name())
	show := make([]string, len(args))
	for i, a := range args {
		key.WriteString("|" + types.TypeString(a, nil))
		for _, tn := range localNamed(a, m.pkg, nil) {
			key.WriteString("@" + strconv.Itoa(int(tn.Pos()))) // local types of one name
		}
		show[i] = m.showTypeArg(a)
	}
	if in, ok := m.instances[key.String()]; ok {
		return in
	}
	name := helperPrefix + obj.Name() + "_" + strconv.Itoa(len(m.order)+1)
	if m.single[obj] {
		name = obj.Name()
	}
	in := &instance{
		name: name,
		obj:  obj, args: args,
		show: runtimeTypeArgs(obj.Name() + "[" + strings.Join(show, ",") + "]"),
		bind: map[*types.TypeParam]types.Type{},
	}
	var tparams *types.TypeParamList
	switch o := obj.(type) {
	case *types.Func:
		tparams = o.Type().(*types.Signature).TypeParams()
	case *types.TypeName:
		switch t := o.Type().(type) {
		case *types.Named:
			tparams = t.TypeParams()
		case *types.Alias: // a generic alias: its instance is an alias too
			tparams = t.TypeParams()
		}
	}
	for i := 0; i < tparams.Len() && i < len(args); i++ {
		in.bind[tparams.At(i)] = args[i]
	}
	m.instances[key.String()] = in
	m.order = append(m.order, in)
	return in
}

// write returns the text of an instance: the generic declaration (and, for
// a type, its methods) with the type parameters substituted.
func (m *monomorphizer) write(in *instance) string {
	var b strings.Builder
	switch d := m.decls[in.obj].(type) {
	case *ast.FuncDecl:
		edits := []edit{
			{start: m.offset(d.Name.Pos()), end: m.offset(d.Name.End()), text: in.name},
			{start: m.offset(d.Type.TypeParams.Opening), end: m.offset(d.Type.TypeParams.Closing) + 1, text: ""},
		}
		edits = append(edits, m.instantiations(d.Type, in.bind)...)
		if d.Body != nil {
			edits = append(edits, m.instantiations(d.Body, in.bind)...)
		}
		b.WriteString(m.section(d.Pos(), d.End(), edits))
	case *ast.TypeSpec:
		edits := []edit{
			{start: m.offset(d.Name.Pos()), end: m.offset(d.Name.End()), text: in.name},
			{start: m.offset(d.TypeParams.Opening), end: m.offset(d.TypeParams.Closing) + 1, text: ""},
		}
		edits = append(edits, m.instantiations(d.Type, in.bind)...)
		b.WriteString(m.sectionWith("type ", d.Pos(), d.End(), edits))
		for _, fd := range m.methods[in.obj] {
			b.WriteString(m.method(fd, in))
		}
	}
	return b.String()
}

// method returns a method of a generic type written for the instance in.
func (m *monomorphizer) method(fd *ast.FuncDecl, in *instance) string {
	// The receiver declares its own names for the type's parameters.
	bind := map[*types.TypeParam]types.Type{}
	rt := fd.Recv.List[0].Type
	if star, ok := rt.(*ast.StarExpr); ok {
		rt = star.X
	}
	var names []ast.Expr
	switch x := rt.(type) {
	case *ast.IndexExpr:
		names = []ast.Expr{x.Index}
	case *ast.IndexListExpr:
		names = x.Indices
	}
	for i, e := range names {
		id, ok := e.(*ast.Ident)
		if !ok || i >= len(in.args) {
			continue
		}
		if tn, ok := m.info.Defs[id].(*types.TypeName); ok {
			if tp, ok := tn.Type().(*types.TypeParam); ok {
				bind[tp] = in.args[i]
			}
		}
	}
	edits := []edit{{start: m.offset(rt.Pos()), end: m.offset(rt.End()), text: in.name}}
	edits = append(edits, m.instantiations(fd.Type, bind)...)
	if fd.Body != nil {
		edits = append(edits, m.instantiations(fd.Body, bind)...)
	}
	return m.section(fd.Pos(), fd.End(), edits)
}

// section returns the source of [pos, end) with the edits, after a line
// directive that gives it its original position.
func (m *monomorphizer) section(pos, end token.Pos, edits []edit) string {
	return m.sectionWith("", pos, end, edits)
}

func (m *monomorphizer) sectionWith(prefix string, pos, end token.Pos, edits []edit) string {
	p := m.fset.Position(pos)
	text := m.apply(m.offset(pos), m.offset(end), edits)
	// The directive gives the line; the column is restored by a /*line*/.
	return fmt.Sprintf("\n\n//line %s:%d\n%s/*line %s:%d:%d*/%s\n", p.Filename, p.Line, prefix, p.Filename, p.Line, p.Column, text)
}

// subst replaces the type parameters of bind in t.
func (m *monomorphizer) subst(t types.Type, bind map[*types.TypeParam]types.Type) types.Type {
	if bind == nil {
		return t
	}
	switch t := t.(type) {
	case *types.TypeParam:
		if r, ok := bind[t]; ok {
			return r
		}
		return t
	case *types.Alias:
		return m.subst(types.Unalias(t), bind)
	case *types.Pointer:
		return types.NewPointer(m.subst(t.Elem(), bind))
	case *types.Slice:
		return types.NewSlice(m.subst(t.Elem(), bind))
	case *types.Array:
		return types.NewArray(m.subst(t.Elem(), bind), t.Len())
	case *types.Map:
		return types.NewMap(m.subst(t.Key(), bind), m.subst(t.Elem(), bind))
	case *types.Chan:
		return types.NewChan(t.Dir(), m.subst(t.Elem(), bind))
	case *types.Signature:
		return types.NewSignatureType(nil, nil, nil, m.substTuple(t.Params(), bind), m.substTuple(t.Results(), bind), t.Variadic())
	case *types.Struct:
		fields := make([]*types.Var, t.NumFields())
		tags := make([]string, t.NumFields())
		for i := range fields {
			f := t.Field(i)
			fields[i] = types.NewField(f.Pos(), f.Pkg(), f.Name(), m.subst(f.Type(), bind), f.Embedded())
			tags[i] = t.Tag(i)
		}
		return types.NewStruct(fields, tags)
	case *types.Interface:
		methods := make([]*types.Func, t.NumExplicitMethods())
		for i := range methods {
			f := t.ExplicitMethod(i)
			methods[i] = types.NewFunc(f.Pos(), f.Pkg(), f.Name(), m.subst(f.Type(), bind).(*types.Signature))
		}
		embedded := make([]types.Type, t.NumEmbeddeds())
		for i := range embedded {
			embedded[i] = m.subst(t.EmbeddedType(i), bind)
		}
		return types.NewInterfaceType(methods, embedded).Complete()
	case *types.Union:
		terms := make([]*types.Term, t.Len())
		for i := range terms {
			terms[i] = types.NewTerm(t.Term(i).Tilde(), m.subst(t.Term(i).Type(), bind))
		}
		return types.NewUnion(terms)
	case *types.Named:
		if t.TypeArgs().Len() == 0 {
			return t
		}
		args := make([]types.Type, t.TypeArgs().Len())
		for i := range args {
			args[i] = m.subst(t.TypeArgs().At(i), bind)
		}
		inst, err := types.Instantiate(nil, t.Origin(), args, false)
		if err != nil {
			return t
		}
		return inst
	}
	return t
}

func (m *monomorphizer) substTuple(t *types.Tuple, bind map[*types.TypeParam]types.Type) *types.Tuple {
	vars := make([]*types.Var, t.Len())
	for i := range vars {
		v := t.At(i)
		vars[i] = types.NewParam(v.Pos(), v.Pkg(), v.Name(), m.subst(v.Type(), bind))
	}
	return types.NewTuple(vars...)
}
