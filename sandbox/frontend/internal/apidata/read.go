package apidata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math/big"
	"strconv"
	"sync"
)

// Importer serves packages from a bundle. Packages are decoded on first use
// and shared by every later import: a types.Package is never changed once
// complete, and a type used by two packages is one object.
type Importer struct {
	mu      sync.Mutex
	entries map[string][]byte
	loaded  map[string]*types.Package // by import path, including partial packages
	done    map[string]bool
	ctxt    *types.Context
	err     error // a failed decoding leaves partial packages: every later import fails
}

// NewImporter splits the bundle into its entries; it decodes none.
func NewImporter(bundle []byte) (*Importer, error) {
	entries, err := parseBundle(bundle)
	if err != nil {
		return nil, err
	}
	return &Importer{
		entries: entries,
		loaded:  map[string]*types.Package{},
		done:    map[string]bool{},
		ctxt:    types.NewContext(),
	}, nil
}

// Paths returns the import paths the bundle holds, in no order.
func (imp *Importer) Paths() []string {
	var paths []string
	for p := range imp.entries {
		paths = append(paths, p)
	}
	return paths
}

// parseBundle splits a bundle into its entries, keyed by import path.
func parseBundle(bundle []byte) (map[string][]byte, error) {
	rest, ok := bytes.CutPrefix(bundle, []byte(magic))
	if !ok {
		return nil, errors.New("apidata: not a bundle of this format (bad first line)")
	}
	bundle = rest
	entries := map[string][]byte{}
	for len(bundle) > 0 {
		nl := bytes.IndexByte(bundle, '\n')
		if nl < 0 {
			return nil, errors.New("apidata: truncated header")
		}
		path, size, ok := bytes.Cut(bundle[:nl], []byte(" "))
		n, err := strconv.Atoi(string(size))
		if !ok || err != nil || len(path) == 0 || n < 0 || n > len(bundle)-nl-1 {
			return nil, fmt.Errorf("apidata: bad header %q", bundle[:nl])
		}
		if _, dup := entries[string(path)]; dup {
			return nil, fmt.Errorf("apidata: two entries for %s", path)
		}
		bundle = bundle[nl+1:]
		entries[string(path)] = bundle[:n]
		bundle = bundle[n:]
	}
	return entries, nil
}

// Import implements types.Importer.
func (imp *Importer) Import(path string) (*types.Package, error) {
	imp.mu.Lock()
	defer imp.mu.Unlock()
	if imp.done[path] {
		return imp.loaded[path], nil
	}
	if imp.err != nil {
		return nil, imp.err
	}
	data, ok := imp.entries[path]
	if !ok {
		return nil, fmt.Errorf("package %s is not available", path)
	}
	pkg, err := imp.decode(path, data)
	if err != nil {
		imp.err = fmt.Errorf("apidata: %s: %w", path, err)
		return nil, imp.err
	}
	imp.done[path] = true
	return pkg, nil
}

// decodeError carries a corrupt entry's error up the decoder's recursion.
type decodeError struct{ err error }

// reader decodes one entry.
type reader struct {
	imp    *Importer
	data   []byte
	off    int
	strs   []string
	pkgs   []*types.Package
	types  [][]byte     // encodings
	typ    []types.Type // decoded, by index
	state  []byte       // 0 not decoded, 1 in progress, 2 done
	ifaces []*types.Interface
}

func (r *reader) fail(format string, args ...any) {
	panic(decodeError{fmt.Errorf(format, args...)})
}

func (imp *Importer) decode(path string, data []byte) (pkg *types.Package, err error) {
	r := &reader{imp: imp, data: data}
	defer func() {
		if x := recover(); x != nil {
			if de, ok := x.(decodeError); ok {
				err = de.err
			} else {
				// go/types' constructors panic on types that cannot be.
				err = fmt.Errorf("corrupt data: %v", x)
			}
		}
	}()
	n := r.count()
	r.strs = make([]string, n)
	for i := range r.strs {
		r.strs[i] = string(r.bytes(r.count()))
	}
	n = r.count()
	r.pkgs = make([]*types.Package, n)
	for i := range r.pkgs {
		p, name := r.str(), r.str()
		if p == "" || name == "" {
			r.fail("package %d has no path or name", i)
		}
		pkg := imp.loaded[p]
		if pkg == nil {
			pkg = types.NewPackage(p, name)
			imp.loaded[p] = pkg
		} else if pkg.Name() != name {
			r.fail("package %s named %s and %s", p, pkg.Name(), name)
		}
		r.pkgs[i] = pkg
	}
	if len(r.pkgs) == 0 || r.pkgs[0].Path() != path {
		r.fail("entry does not describe %s", path)
	}
	pkg = r.pkgs[0]
	n = r.count()
	r.types = make([][]byte, n)
	r.typ = make([]types.Type, n)
	r.state = make([]byte, n)
	for i := range r.types {
		r.types[i] = r.bytes(r.count())
	}
	scope := pkg.Scope()
	for n = r.count(); n > 0; n-- {
		tag := r.byte()
		if tag == oType {
			t := r.typeRef()
			obj := declared(t)
			if obj == nil || obj.Pkg() != pkg {
				r.fail("object %d of type %v is not a type of the package", n, t)
			}
			continue
		}
		name := r.str()
		if name == "" || name == "_" || scope.Lookup(name) != nil {
			r.fail("object name %q is empty or taken", name)
		}
		t := r.typeRef()
		var obj types.Object
		switch tag {
		case oConst:
			obj = types.NewConst(token.NoPos, pkg, name, t, r.value())
		case oVar:
			obj = types.NewVar(token.NoPos, pkg, name, t)
		case oFunc:
			sig, ok := t.(*types.Signature)
			if !ok || sig.Recv() != nil {
				r.fail("function %s of type %v", name, t)
			}
			obj = types.NewFunc(token.NoPos, pkg, name, sig)
		default:
			r.fail("bad object tag %d", tag)
		}
		scope.Insert(obj)
	}
	if r.off != len(r.data) {
		r.fail("%d bytes after the objects", len(r.data)-r.off)
	}
	pkg.SetImports(append([]*types.Package(nil), r.pkgs[1:]...))
	for _, iface := range r.ifaces {
		iface.Complete()
	}
	pkg.MarkComplete()
	return pkg, nil
}

// Primitive reads, from r.data at r.off.

func (r *reader) byte() byte {
	if r.off >= len(r.data) {
		r.fail("truncated")
	}
	b := r.data[r.off]
	r.off++
	return b
}

func (r *reader) uvarint() uint64 {
	x, n := binary.Uvarint(r.data[r.off:])
	if n <= 0 {
		r.fail("truncated or bad number")
	}
	r.off += n
	return x
}

func (r *reader) varint() int64 {
	x, n := binary.Varint(r.data[r.off:])
	if n <= 0 {
		r.fail("truncated or bad number")
	}
	r.off += n
	return x
}

// count reads a count or length, which cannot exceed the bytes left.
func (r *reader) count() int {
	x := r.uvarint()
	if x > uint64(len(r.data)-r.off) {
		r.fail("count %d exceeds the data", x)
	}
	return int(x)
}

func (r *reader) bytes(n int) []byte {
	if n > len(r.data)-r.off {
		r.fail("truncated")
	}
	b := r.data[r.off : r.off+n]
	r.off += n
	return b
}

func (r *reader) str() string {
	i := r.uvarint()
	if i >= uint64(len(r.strs)) {
		r.fail("string index %d out of range", i)
	}
	return r.strs[i]
}

func (r *reader) pkg() *types.Package {
	i := r.uvarint()
	if i > uint64(len(r.pkgs)) {
		r.fail("package index %d out of range", i)
	}
	if i == 0 {
		return nil
	}
	return r.pkgs[i-1]
}

// typeRef reads a type index and returns the type, decoding it first.
func (r *reader) typeRef() types.Type {
	i := r.uvarint()
	if i >= uint64(len(r.types)) {
		r.fail("type index %d out of range", i)
	}
	return r.typeAt(int(i))
}

func (r *reader) typeAt(i int) types.Type {
	switch r.state[i] {
	case 2:
		return r.typ[i]
	case 1:
		if r.typ[i] != nil { // a named type or type parameter being built
			return r.typ[i]
		}
		r.fail("type %d refers to itself", i)
	}
	r.state[i] = 1
	data, off := r.data, r.off
	r.data, r.off = r.types[i], 0
	t := r.decodeType(i)
	if r.off != len(r.data) {
		r.fail("type %d: %d bytes left", i, len(r.data)-r.off)
	}
	r.data, r.off = data, off
	r.typ[i] = t
	r.state[i] = 2
	return t
}

// decodeType decodes the type at index i, positioned at its tag. Each
// kind of type has a method of its own: one function for all of them was
// among the largest of the front end, which the browser's engine
// optimises at great cost on a first run.
func (r *reader) decodeType(i int) types.Type {
	tag := r.byte()
	switch tag {
	case tBasic:
		return r.decodeBasic()
	case tUniverse:
		return r.decodeUniverse()
	case tAnyInterface:
		return types.Universe.Lookup("any").Type().Underlying()
	case tNamed, tAlias:
		return r.declaredType(i, tag)
	case tInstance, tAliasInstance:
		return r.decodeInstance(tag)
	case tPointer:
		return types.NewPointer(r.typeRef())
	case tSlice:
		return types.NewSlice(r.typeRef())
	case tArray:
		n := r.uvarint()
		if n > 1<<62 {
			r.fail("array length %d", n)
		}
		return types.NewArray(r.typeRef(), int64(n))
	case tMap:
		k := r.typeRef()
		return types.NewMap(k, r.typeRef())
	case tChan:
		dir := types.ChanDir(r.byte())
		if dir > types.RecvOnly {
			r.fail("bad channel direction %d", dir)
		}
		return types.NewChan(dir, r.typeRef())
	case tSignature:
		return r.decodeSignature()
	case tStruct:
		return r.decodeStruct()
	case tInterface:
		return r.decodeInterface()
	case tUnion:
		return r.decodeUnion()
	case tTypeParam:
		return r.decodeTypeParam(i)
	}
	r.fail("bad type tag %d", tag)
	return nil
}

// decodeBasic decodes a basic type (tBasic).
func (r *reader) decodeBasic() types.Type {
	switch k := r.uvarint(); {
	case k == kindByte:
		return types.Universe.Lookup("byte").Type()
	case k == kindRune:
		return types.Universe.Lookup("rune").Type()
	case k > 0 && k < uint64(len(types.Typ)):
		return types.Typ[k]
	default:
		r.fail("bad basic kind %d", k)
	}
	return nil
}

// decodeUniverse decodes a type of the universe that is not basic
// (error, comparable).
func (r *reader) decodeUniverse() types.Type {
	name := r.str()
	if obj, ok := types.Universe.Lookup(name).(*types.TypeName); ok {
		if _, basic := obj.Type().(*types.Basic); !basic {
			return obj.Type()
		}
	}
	r.fail("no type %q in the universe", name)
	return nil
}

// decodeInstance decodes an instance of a generic type or alias.
func (r *reader) decodeInstance(tag byte) types.Type {
	orig := r.typeRef()
	targs := r.typeList()
	var tparams *types.TypeParamList
	switch orig := orig.(type) {
	case *types.Named:
		if tag != tInstance {
			r.fail("instance of %v", orig)
		}
		tparams = orig.TypeParams()
	case *types.Alias:
		if tag != tAliasInstance {
			r.fail("instance of %v", orig)
		}
		tparams = orig.TypeParams()
	default:
		r.fail("instance of %v", orig)
	}
	// Instantiate does not check the count when it does not validate,
	// and a wrong one would fail later, in a learner's check.
	if tparams.Len() != len(targs) {
		r.fail("%d type arguments for %v", len(targs), orig)
	}
	t, err := types.Instantiate(r.imp.ctxt, orig, targs, false)
	if err != nil {
		r.fail("instantiate %v: %v", orig, err)
	}
	return t
}

// decodeSignature decodes a function type.
func (r *reader) decodeSignature() types.Type {
	flags := r.byte()
	if flags > 3 {
		r.fail("bad signature flags %d", flags)
	}
	rtparams := r.typeParams()
	tparams := r.typeParams()
	var recv *types.Var
	if flags&2 != 0 {
		recv = r.variable()
	}
	if recv == nil && len(rtparams) > 0 || recv != nil && len(tparams) > 0 {
		r.fail("bad signature type parameters")
	}
	params := r.tuple()
	results := r.tuple()
	return types.NewSignatureType(recv, rtparams, tparams, params, results, flags&1 != 0)
}

// decodeStruct decodes a struct type.
func (r *reader) decodeStruct() types.Type {
	n := r.count()
	fields := make([]*types.Var, n)
	tags := make([]string, n)
	for j := range fields {
		kind, pkg, name, t := r.varParts()
		if kind != types.FieldVar {
			r.fail("field of kind %v", kind)
		}
		embedded := r.bool()
		fields[j] = types.NewField(token.NoPos, pkg, name, t, embedded)
		tags[j] = r.str()
	}
	return types.NewStruct(fields, tags)
}

// decodeInterface decodes an interface type.
func (r *reader) decodeInterface() types.Type {
	implicit := r.bool()
	n := r.count()
	methods := make([]*types.Func, n)
	for j := range methods {
		pkg, name := r.pkg(), r.str()
		var recv *types.Var
		switch mode := r.byte(); mode {
		case recvNone, recvSelf:
		case recvVar:
			recv = r.variable()
		default:
			r.fail("bad receiver mode %d", mode)
		}
		flags := r.byte()
		if flags > 1 {
			r.fail("bad method flags %d", flags)
		}
		params := r.tuple()
		results := r.tuple()
		sig := types.NewSignatureType(recv, nil, nil, params, results, flags == 1)
		methods[j] = types.NewFunc(token.NoPos, pkg, name, sig)
	}
	n = r.count()
	embeddeds := make([]types.Type, n)
	for j := range embeddeds {
		embeddeds[j] = r.typeRef()
	}
	iface := types.NewInterfaceType(methods, embeddeds)
	if implicit {
		iface.MarkImplicit()
	}
	r.ifaces = append(r.ifaces, iface)
	return iface
}

// decodeUnion decodes a union of a constraint.
func (r *reader) decodeUnion() types.Type {
	n := r.count()
	if n == 0 {
		r.fail("empty union")
	}
	terms := make([]*types.Term, n)
	for j := range terms {
		tilde := r.bool()
		terms[j] = types.NewTerm(tilde, r.typeRef())
	}
	return types.NewUnion(terms)
}

// decodeTypeParam decodes the type parameter at index i.
func (r *reader) decodeTypeParam(i int) types.Type {
	pkg, name := r.pkg(), r.str()
	obj := types.NewTypeName(token.NoPos, pkg, name, nil)
	tp := types.NewTypeParam(obj, nil)
	r.typ[i] = tp // its constraint may refer to it
	tp.SetConstraint(r.typeRef())
	return tp
}

// declaredType decodes a named type or an alias, declaring it in its
// package unless an earlier entry did.
func (r *reader) declaredType(i int, tag byte) types.Type {
	pkg, name := r.pkg(), r.str()
	if pkg == nil || name == "" || name == "_" {
		r.fail("type %q in no package", name)
	}
	scope := pkg.Scope()
	if obj := scope.Lookup(name); obj != nil {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() != (tag == tAlias) {
			r.fail("%s.%s declared twice", pkg.Path(), name)
		}
		// Declared by an earlier entry (or this one): the rest of this
		// encoding is not needed.
		r.off = len(r.data)
		return tn.Type()
	}
	obj := types.NewTypeName(token.NoPos, pkg, name, nil)
	if tag == tAlias {
		tparams := r.typeParams()
		rhs := r.typeRef()
		alias := types.NewAlias(obj, rhs)
		if len(tparams) > 0 {
			alias.SetTypeParams(tparams)
		}
		scope.Insert(obj)
		return alias
	}
	named := types.NewNamed(obj, nil, nil)
	// Declared before its parts are read, for the types that refer to it.
	scope.Insert(obj)
	r.typ[i] = named
	if tparams := r.typeParams(); len(tparams) > 0 {
		named.SetTypeParams(tparams)
	}
	u := r.typeRef()
	switch u.(type) {
	case *types.Named, *types.Alias, *types.TypeParam, nil:
		r.fail("underlying type of %s is %v", name, u)
	}
	named.SetUnderlying(u)
	for n := r.count(); n > 0; n-- {
		mpkg, mname := r.pkg(), r.str()
		sig, ok := r.typeRef().(*types.Signature)
		if !ok || sig.Recv() == nil || mname == "" {
			r.fail("method %s of %s", mname, name)
		}
		named.AddMethod(types.NewFunc(token.NoPos, mpkg, mname, sig))
	}
	return named
}

func (r *reader) bool() bool {
	switch r.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail("bad boolean")
	return false
}

func (r *reader) typeList() []types.Type {
	n := r.count()
	if n == 0 {
		r.fail("empty type list")
	}
	l := make([]types.Type, n)
	for j := range l {
		l[j] = r.typeRef()
	}
	return l
}

func (r *reader) typeParams() []*types.TypeParam {
	n := r.count()
	if n == 0 {
		return nil
	}
	l := make([]*types.TypeParam, n)
	for j := range l {
		t := r.typeRef()
		tp, ok := t.(*types.TypeParam)
		if !ok || tp.Index() >= 0 {
			r.fail("type parameter list holds %v", t)
		}
		for _, prev := range l[:j] {
			if prev == tp {
				r.fail("type parameter %v listed twice", tp)
			}
		}
		l[j] = tp
	}
	return l
}

func (r *reader) varParts() (types.VarKind, *types.Package, string, types.Type) {
	kind := types.VarKind(r.byte())
	if kind == 0 || kind > maxVarKind {
		r.fail("bad variable kind %d", kind)
	}
	pkg, name := r.pkg(), r.str()
	return kind, pkg, name, r.typeRef()
}

// variable reads a parameter, result or receiver.
func (r *reader) variable() *types.Var {
	kind, pkg, name, t := r.varParts()
	if kind == types.FieldVar || kind == types.PackageVar || kind == types.LocalVar {
		r.fail("parameter of kind %v", kind)
	}
	v := types.NewParam(token.NoPos, pkg, name, t)
	v.SetKind(kind)
	return v
}

func (r *reader) tuple() *types.Tuple {
	n := r.count()
	if n == 0 {
		return nil
	}
	vars := make([]*types.Var, n)
	for j := range vars {
		vars[j] = r.variable()
	}
	return types.NewTuple(vars...)
}

func (r *reader) value() constant.Value {
	switch tag := r.byte(); tag {
	case vBool:
		return constant.MakeBool(r.bool())
	case vString:
		return constant.MakeString(r.str())
	case vInt, vBigInt:
		return r.intValue(tag)
	case vFloat:
		num, den := r.intValue(r.byte()), r.intValue(r.byte())
		n, d := bigInt(num), bigInt(den)
		if d.Sign() <= 0 {
			r.fail("bad denominator %v", den)
		}
		return constant.Make(new(big.Rat).SetFrac(n, d))
	case vComplex:
		re := r.value()
		im := r.value()
		if !isNumber(re) || !isNumber(im) {
			r.fail("bad complex parts %v, %v", re, im)
		}
		return constant.BinaryOp(re, token.ADD, constant.MakeImag(im))
	}
	r.fail("bad constant")
	return nil
}

func isNumber(v constant.Value) bool {
	return v.Kind() == constant.Int || v.Kind() == constant.Float
}

func (r *reader) intValue(tag byte) constant.Value {
	switch tag {
	case vInt:
		return constant.MakeInt64(r.varint())
	case vBigInt:
		neg := r.bool()
		x := new(big.Int).SetBytes(r.bytes(r.count()))
		if neg {
			x.Neg(x)
		}
		return constant.Make(x)
	}
	r.fail("bad integer tag %d", tag)
	return nil
}

func bigInt(v constant.Value) *big.Int {
	switch x := constant.Val(v).(type) {
	case int64:
		return big.NewInt(x)
	case *big.Int:
		return x
	}
	return new(big.Int)
}

// Decoded reports whether the package path has been imported.
func (imp *Importer) Decoded(path string) bool {
	imp.mu.Lock()
	defer imp.mu.Unlock()
	return imp.done[path]
}
