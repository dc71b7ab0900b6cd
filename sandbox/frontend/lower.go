package frontend

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// helperPrefix starts every name the lowering introduces. Learner code
// cannot collide with it by accident; fresh() also checks.
const helperPrefix = "_fl_"

// lowerer rewrites one type-checked file. Decisions are taken on the
// original nodes, whose type information is in info; rewrites happen
// bottom-up, so a node's children may already be replaced when the node
// itself is rewritten.
type lowerer struct {
	lostNames   *[]types.Type         // lostTypeNames, once asked
	parentsOf   map[ast.Node]ast.Node // hiddenParents, of parentsFile
	parentsFile *ast.File
	fset        *token.FileSet
	file        *ast.File
	pkg         *types.Package
	info        *types.Info
	checked     bool // bounds checks as the Go runtime's (checked.go)
	// checkedIn are the ranges of the statements whose index and slice
	// expressions are checked when checked is off (Options.CheckedLines).
	checkedIn [][2]token.Pos
	// selectAround holds, for a select the learner labeled, what
	// lowerSelectBranches puts around its labeled statement.
	selectAround map[*ast.SelectStmt][2][]ast.Stmt
	// inConstDecl: the current node is inside a constant declaration.
	inConstDecl bool
	// instances names the written-out generics as Go does
	// (_fl_List_1 -> List[int]), for %T.
	instances  map[string]string
	instanceRx *regexp.Regexp
	// boxes maps each boxed type to its box's name ("" until used);
	// boxLits are the boxing literals made.
	boxes   map[types.Type]string
	boxLits map[ast.Expr]bool
	// tagged are the struct types with methods given a struct tag of
	// their own to keep them apart from a twin (refuse_methodtwins.go).
	tagged map[*types.TypeName]bool
	// fmt is the table of the program's types for progfmt (fmtnames.go).
	fmt fmtTable
	// nils are the typed nils stored in packages' interfaces (nilptr.go).
	nils nilPlan
	// nilRecv are the calls of value methods through interfaces that
	// may hold a nil pointer (nilrecv.go).
	nilRecv nilRecvPlan
	// shows memoises showTypes by interface type, and shown holds the
	// print operands given to fmt through a helper and their verbs
	// (printshow.go).
	shows map[string][]types.Type
	// held memoises heldComposites (printshow.go).
	held  *[]types.Type
	shown map[ast.Expr]byte
	// wrapperSeen: the program can tell a package's wrapper in any from
	// the value it holds (ifaceunwrap.go).
	wrapperSeen bool
	// pkgVals memoises pkgValueTypes (pkgvalues.go).
	pkgVals *[]types.Type
	// grabTags are the program's types with Error methods, tagged for
	// progfmt.Grab, and grabbed the struct types with value-receiver
	// Error methods the assertions from error find through it
	// (errgrab.go).
	grabTags map[types.Type]int
	grabbed  []types.Type

	orig    []byte            // the source file was parsed from, or nil
	used    map[string]bool   // identifiers in the learner's file
	count   int               // for fresh names
	imports map[string]string // import path -> name added for helpers
	helpers map[string]string // helper key -> function name
	text    []string          // helper declarations, in order of first use
	lowered map[string]bool
	diags   []Diagnostic

	funcs []*types.Signature // enclosing functions, innermost last
	// For deferred calls (defer.go): whether each enclosing function
	// defers, the loops around the current node and where the current
	// function's start, and the literals called by defer or go directly.
	deferring  []bool
	loopStack  []ast.Node
	loopBase   []int
	direct     map[*ast.FuncLit]bool
	recoverers map[types.Object]bool
	loops      map[ast.Stmt]*loopPlan  // decided in pre, applied in post
	labels     map[ast.Stmt]*ast.Ident // loop -> its label
	// labeled statements made blocks that hold them (lowerSwitchInit)
	labeledBlocks map[ast.Stmt]ast.Stmt
}

// lower rewrites a checked file into the Program the interpreter runs.
// orig, when set, is the source file was parsed from, for
// Program.Unchanged.
func lower(fset *token.FileSet, file *ast.File, pkg *types.Package, info *types.Info, checked checking, instances map[string]string, orig []byte) (*Program, []Diagnostic) {
	l := &lowerer{
		orig:      orig,
		checked:   checked.all,
		instances: instances,
		fset:      fset, file: file, pkg: pkg, info: info,
		used:          map[string]bool{},
		imports:       map[string]string{},
		helpers:       map[string]string{},
		lowered:       map[string]bool{},
		loops:         map[ast.Stmt]*loopPlan{},
		labels:        map[ast.Stmt]*ast.Ident{},
		labeledBlocks: map[ast.Stmt]ast.Stmt{},
		direct:        map[*ast.FuncLit]bool{},
	}
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			l.used[id.Name] = true
		}
		return true
	})
	if len(instances) > 0 {
		l.note("generics written out")
	}
	if !l.checked {
		l.checkedIn = checked.ranges(fset, file)
	}
	if d := l.prepareTypes(); d != nil {
		return nil, []Diagnostic{*d}
	}
	l.planBoxes()
	l.planGrab()
	l.heldComposites() // on the learner's tree, before anything is rewritten
	l.planUnwrap()
	l.forwardInterfaceMethods()
	l.recoverVars() // on the learner's tree, before anything is rewritten
	l.refuseUnfaithful()
	l.orderVarInit()
	if failed := l.apply(); failed != nil {
		return nil, []Diagnostic{*failed}
	}
	if len(l.diags) > 0 {
		return nil, limit(l.diags)
	}
	l.instrumentErrorMethods()
	l.dropUnusedImports()
	return l.emit()
}

// apply runs the rewrite, turning a panic (a bug in the lowering) into an
// internal diagnostic so that the runtime survives it.
func (l *lowerer) apply() (failed *Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			failed = &Diagnostic{Kind: KindInternal, Message: fmt.Sprint("frontend: lowering failed: ", r)}
		}
	}()
	l.planNilPtrs()      // on the learner's tree
	l.planNilReceivers() // on the learner's tree
	astutil.Apply(l.file, l.pre, l.post)
	return nil
}

// fresh returns a new identifier starting with helperPrefix.
func (l *lowerer) fresh(hint string) string {
	for {
		l.count++
		name := helperPrefix + hint + strconv.Itoa(l.count)
		if !l.used[name] {
			return name
		}
	}
}

// note records that a kind of lowering happened.
func (l *lowerer) note(what string) { l.lowered[what] = true }

// unsupported reports valid Go that the interpreter cannot run faithfully.
func (l *lowerer) unsupported(at token.Pos, msg string) {
	pos := l.fset.Position(at)
	l.diags = append(l.diags, Diagnostic{Kind: KindUnsupported, Line: pos.Line, Column: pos.Column, Message: msg})
}

// importName returns the name under which the lowered file can refer to
// the package at path, adding an import when the learner's file has none.
func (l *lowerer) importName(pkgPath string) string {
	for _, spec := range l.file.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		if p != pkgPath {
			continue
		}
		if spec.Name == nil {
			for _, imp := range l.pkg.Imports() {
				if imp.Path() == p {
					return imp.Name()
				}
			}
		} else if spec.Name.Name != "_" && spec.Name.Name != "." {
			return spec.Name.Name
		}
	}
	if name, ok := l.imports[pkgPath]; ok {
		return name
	}
	name := helperPrefix + strings.NewReplacer("/", "_", ".", "_").Replace(path.Base(pkgPath))
	if strings.Contains(pkgPath, "/v2") {
		name = helperPrefix + strings.ReplaceAll(pkgPath, "/", "_")
	}
	l.imports[pkgPath] = name
	return name
}

// helper adds a package-level declaration once per key and returns the
// name it declares; decl builds the text given that name.
func (l *lowerer) helper(key, hint string, decl func(name string) string) string {
	if name, ok := l.helpers[key]; ok {
		return name
	}
	name := l.fresh(hint)
	l.helpers[key] = name
	l.text = append(l.text, decl(name))
	return name
}

func (l *lowerer) pre(c *astutil.Cursor) bool {
	switch n := c.Node().(type) {
	case *ast.FuncDecl:
		l.funcs = append(l.funcs, l.info.Defs[n.Name].Type().(*types.Signature))
		l.enterFunc(n.Body)
	case *ast.FuncLit:
		l.funcs = append(l.funcs, l.typeAndValue(n).Type.(*types.Signature))
		l.enterFunc(n.Body)
	case *ast.LabeledStmt:
		l.labels[n.Stmt] = n.Label
	case *ast.RangeStmt:
		l.planRange(n)
		l.loopStack = append(l.loopStack, n)
	case *ast.ForStmt:
		l.planFor(n)
		l.loopStack = append(l.loopStack, n)
	case *ast.DeferStmt:
		l.markDirect(n.Call)
	case *ast.ArrayType:
		l.spellArrayLen(n)
	case *ast.CompositeLit:
		l.spellIndexKeys(n)
	case *ast.GoStmt:
		l.markDirect(n.Call)
	case *ast.GenDecl:
		if n.Tok == token.CONST {
			l.inConstDecl = true
		}
	}
	return true
}

func (l *lowerer) post(c *astutil.Cursor) bool {
	if e, ok := c.Node().(ast.Expr); ok {
		if lit := l.foldConst(e, c.Parent()); lit != nil {
			l.replaceExpr(c, e, lit)
			return true
		}
	}
	l.lowerNilSites(c.Node())
	l.lowerAnySites(c.Node())
	l.lowerUnwrapSites(c.Node())
	l.boxSites(c.Node())
	l.boxPointerOperands(c.Node())
	if l.postGenerics(c) {
		return true
	}
	// Each kind of node has a method of its own: one function for all of
	// them was among the largest of the front end, which the browser's
	// engine optimises at great cost on a first run.
	switch n := c.Node().(type) {
	case *ast.FuncDecl:
		l.postFuncDecl(n)
	case *ast.FuncLit:
		l.postFuncLit(c, n)
	case *ast.DeferStmt:
		if s := l.lowerDefer(n); s != nil {
			c.Replace(s)
		}
	case *ast.RangeStmt:
		l.postRange(c, n)
	case *ast.ForStmt:
		l.loopStack = l.loopStack[:len(l.loopStack)-1]
		l.lowerFor(n)
	case *ast.LabeledStmt:
		l.postLabeled(c, n)
	case *ast.AssignStmt:
		l.postAssign(c, n)
	case *ast.CommClause:
		l.lowerCommClause(n)
	case *ast.SelectStmt:
		l.lowerSelectOrder(c, n)
		l.lowerSelectBranches(c, n)
	case *ast.GoStmt:
		l.lowerGoStmt(c, n)
	case *ast.SendStmt:
		if _, comm := c.Parent().(*ast.CommClause); !comm {
			l.lowerSendIntoIface(c, n)
		}
	case *ast.ReturnStmt:
		l.postReturn(c, n)
	case *ast.GenDecl:
		l.postGenDecl(n)
	case *ast.SwitchStmt:
		l.postSwitch(c, n)
	case *ast.IfStmt:
		if pre := l.commaOKInit(n.Init); pre != nil {
			l.replaceLabeled(c, n, withFirst(pre, l.labeledStmt(n)))
		}
	case *ast.ExprStmt:
		if s := l.lowerClear(n); s != nil {
			c.Replace(s)
		}
	case *ast.BinaryExpr:
		l.postBinary(c, n)
	case *ast.CallExpr:
		l.postCall(c, n)
	case *ast.Ident:
		if e := l.funcIntoInterface(n, c.Parent()); e != nil {
			l.replaceExpr(c, n, e)
			break
		}
		l.replaceExpr(c, n, l.instantiate(n, c.Parent()))
	case *ast.IndexExpr, *ast.IndexListExpr:
		l.postIndex(c, n.(ast.Expr))
	case *ast.SliceExpr:
		l.derefArray(&n.X)
		if l.checksAt(n.Pos()) {
			l.checkSlice(n)
		}
	case *ast.SelectorExpr:
		l.postSelector(c, n)
	case *ast.TypeAssertExpr:
		l.postTypeAssert(c, n)
	case *ast.CompositeLit:
		l.lowerFuncElems(n)
	case *ast.TypeSwitchStmt:
		if s := l.lowerTypeSwitch(n); s != nil {
			c.Replace(s)
		}
	}
	return true
}

func (l *lowerer) postFuncDecl(n *ast.FuncDecl) {
	l.funcs = l.funcs[:len(l.funcs)-1]
	l.leaveFunc()
	l.nameParams(n)
	l.zeroResults(n.Type, n.Body)
}

func (l *lowerer) postFuncLit(c *astutil.Cursor, n *ast.FuncLit) {
	l.funcs = l.funcs[:len(l.funcs)-1]
	l.leaveFunc()
	l.zeroResults(n.Type, n.Body)
	l.replaceExpr(c, n, l.wrapLiteral(n))
}

func (l *lowerer) postRange(c *astutil.Cursor, n *ast.RangeStmt) {
	l.loopStack = l.loopStack[:len(l.loopStack)-1]
	if s := l.lowerRange(n); s != nil {
		c.Replace(s)
	}
}

func (l *lowerer) postLabeled(c *astutil.Cursor, n *ast.LabeledStmt) {
	l.lowerLabeledSelect(c, n)
	// A loop over a function became a block; its label, now unused,
	// cannot stay on a block.
	if _, ok := n.Stmt.(*ast.BlockStmt); ok {
		c.Replace(n.Stmt)
	}
	if b, ok := l.labeledBlocks[n.Stmt]; ok {
		c.Replace(b) // a switch whose init went in front of it
	}
}

func (l *lowerer) postAssign(c *astutil.Cursor, n *ast.AssignStmt) {
	if _, comm := c.Parent().(*ast.CommClause); !comm {
		parenRecv(n.Rhs, len(n.Lhs))
	}
	if n.Tok == token.ASSIGN {
		targets := make([]types.Type, len(n.Lhs))
		for i, x := range n.Lhs {
			targets[i] = l.typeOf(x)
		}
		l.parenIntoIface(targets, n.Rhs)
	}
	l.parenStructLit(n)
	if !l.lowerRecvAssign(c, n) && !l.lowerCommaOKDefine(c, n) && !l.lowerPlaces(c, n) {
		l.lowerAssign(c, n)
	}
}

func (l *lowerer) postReturn(c *astutil.Cursor, n *ast.ReturnStmt) {
	if len(l.funcs) > 0 {
		res := l.funcs[len(l.funcs)-1].Results()
		targets := make([]types.Type, res.Len())
		for i := range targets {
			targets[i] = res.At(i).Type()
		}
		l.parenIntoIface(targets, n.Results)
	}
	l.lowerReturnRecv(c, n)
}

func (l *lowerer) postGenDecl(n *ast.GenDecl) {
	if n.Tok == token.CONST {
		l.inConstDecl = false
		l.lowerConstLen(n)
		l.spellShiftedFloatConsts(n)
	}
	l.lowerVarSpecs(n)
	for _, s := range n.Specs {
		if vs, ok := s.(*ast.ValueSpec); ok {
			parenRecv(vs.Values, len(vs.Names))
			if t := l.typeOf(vs.Type); t != nil {
				l.parenIntoIface(slices.Repeat([]types.Type{t}, len(vs.Names)), vs.Values)
			}
		}
	}
}

func (l *lowerer) postSwitch(c *astutil.Cursor, n *ast.SwitchStmt) {
	if s := l.lowerInterfaceTag(n); s != nil {
		c.Replace(s)
		return
	}
	l.lowerInterfaceCases(n)
	l.lowerCaseLists(n)
	pre := l.commaOKInit(n.Init)
	if s := l.lowerSwitchInit(n); s != nil {
		l.replaceLabeled(c, n, withFirst(pre, s))
	} else if pre != nil {
		l.replaceLabeled(c, n, withFirst(pre, l.labeledStmt(n)))
	}
}

func (l *lowerer) postBinary(c *astutil.Cursor, n *ast.BinaryExpr) {
	if e := l.lowerNilEqual(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerIfaceEqual(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	l.lowerShift(n)
}

func (l *lowerer) postCall(c *astutil.Cursor, n *ast.CallExpr) {
	l.convFloatToInt(n)
	l.namePanic(n)
	l.lowerPackageVariadicLits(n)
	l.lowerSliceAsVariadicArg(n)
	if e := l.lowerNilCall(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerIfaceConversion(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerArrayLen(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	l.lowerAppendArgs(n)
	if l.checked {
		l.checkMake(n)
	}
	l.replaceExpr(c, n, l.lowerCall(n))
	l.shieldOwnCallbackCall(n)
}

func (l *lowerer) postIndex(c *astutil.Cursor, n ast.Expr) {
	if e := l.lowerSpelledOut(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.completeInstance(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if ix, ok := n.(*ast.IndexExpr); ok {
		l.derefArray(&ix.X)
		if l.checksAt(ix.Pos()) {
			l.checkIndex(ix)
		}
	}
}

func (l *lowerer) postSelector(c *astutil.Cursor, n *ast.SelectorExpr) {
	l.lowerNilReceiver(n)
	l.refuseOS(n)
	if e := l.lowerCallbackValue(c, n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerNilMethodValue(n, c.Parent()); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerPackageType(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerConvertedReceiver(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerMethodValue(n, c.Parent()); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	l.replaceExpr(c, n, l.lowerMethodExpr(n))
}

func (l *lowerer) postTypeAssert(c *astutil.Cursor, n *ast.TypeAssertExpr) {
	if e := l.lowerGrabAssert(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerEmptyStructAssert(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerNilAssert(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerUnbox(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerNativeAssert(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	if e := l.lowerTwinAssert(n); e != nil {
		l.replaceExpr(c, n, e)
		return
	}
	l.replaceExpr(c, n, l.lowerAssert(n))
}

// replaceExpr replaces old by e, if any, and gives e the type information
// of old, which rewrites of enclosing nodes still ask for.
func (l *lowerer) replaceExpr(c *astutil.Cursor, old, e ast.Expr) {
	if e == nil {
		return
	}
	if tv, ok := l.info.Types[old]; ok {
		l.info.Types[e] = tv
	}
	c.Replace(e)
}

// dropUnusedImports removes imports that lowering left without a use (the
// interpreter may not offer symbols for slices and maps at all).
func (l *lowerer) dropUnusedImports() {
	refs := map[string]bool{}
	ast.Inspect(l.file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				refs[id.Name] = true
			}
		}
		return true
	})
	var drop []*ast.ImportSpec
	for _, spec := range l.file.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		name := ""
		if spec.Name != nil {
			name = spec.Name.Name
		} else if pn, ok := l.info.Implicits[spec].(*types.PkgName); ok {
			name = pn.Name()
		}
		if name != "_" && name != "." && !refs[name] && sourcePackages[p] {
			drop = append(drop, spec)
		}
	}
	for _, spec := range drop {
		p, _ := strconv.Unquote(spec.Path.Value)
		astutil.DeleteNamedImport(l.fset, l.file, nameOrEmpty(spec), p)
	}
}

// sourcePackages are the packages the interpreter runs from source
// (sandbox/internal/gosrc), whose imports lowering may leave unused.
var sourcePackages = map[string]bool{"cmp": true, "iter": true, "maps": true, "slices": true}

func nameOrEmpty(spec *ast.ImportSpec) string {
	if spec.Name == nil {
		return ""
	}
	return spec.Name.Name
}

// emit prints the lowered file, appends the helpers and builds the map
// from the printed positions back to the learner's.
func (l *lowerer) emit() (*Program, []Diagnostic) {
	paths := make([]string, 0, len(l.imports))
	for p := range l.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		astutil.AddNamedImport(l.fset, l.file, l.imports[p], p)
	}
	l.file.Comments = nil
	l.tagTwins()
	var buf bytes.Buffer
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&buf, l.fset, l.file); err != nil {
		return nil, []Diagnostic{{Kind: KindInternal, Message: "frontend: print lowered program: " + err.Error()}}
	}
	if h := l.panicMessageHelper(); h != "" {
		l.text = append(l.text, h)
	}
	for i := 0; i < len(l.text); i++ { // helpers may declare more helpers here
		t := l.text[i]
		// Unwrapping needs every wrapper type, known only now.
		t = strings.ReplaceAll(t, "$unwrapreturn", l.unwrapCases(true))
		t = strings.ReplaceAll(t, "$unwrapmany", l.unwrapManyCases())
		t = strings.ReplaceAll(t, "$ismethods", l.isMethodCases())
		t = strings.ReplaceAll(t, "$unwrap", l.unwrapCases(false))
		t = strings.ReplaceAll(t, "$dyncases", l.dynCases())
		t = strings.ReplaceAll(t, "$unboxcases", l.unboxCases())
		t = strings.ReplaceAll(t, "$boxtests", l.boxTests())
		if strings.Contains(t, "$fmttable") {
			table, zeros := l.fmtTableText()
			t = strings.ReplaceAll(strings.ReplaceAll(t, "$fmttable", table), "$fmtzeros", zeros)
		}
		buf.WriteString("\n" + t + "\n")
	}
	src := buf.Bytes()
	prog := &Program{Source: src}
	if l.orig != nil && sameTokens(l.orig, src) {
		// Whoever runs it may not need the line map (Unchanged).
		prog.unchanged = true
		fset, file := l.fset, l.file
		prog.buildLines = func() *lineMap {
			lines, _ := buildLineMap(fset, file, src)
			return lines
		}
	} else {
		lines, err := buildLineMap(l.fset, l.file, src)
		if err != nil {
			return nil, []Diagnostic{{Kind: KindInternal, Message: "frontend: lowered program does not parse: " + err.Error()}}
		}
		prog.lines = lines
	}
	for _, spec := range l.file.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		prog.Imports = append(prog.Imports, p)
	}
	sort.Strings(prog.Imports)
	for what := range l.lowered {
		prog.Lowered = append(prog.Lowered, what)
	}
	sort.Strings(prog.Lowered)
	return prog, nil
}

// parseExpr parses Go expression text made by the lowering.
func (l *lowerer) parseExpr(src string) ast.Expr {
	e, err := parser.ParseExprFrom(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		panic("frontend: bad generated expression " + strconv.Quote(src) + ": " + err.Error())
	}
	clearPositions(e)
	return e
}

// parseStmts parses Go statements made by the lowering.
func (l *lowerer) parseStmts(src string) []ast.Stmt {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p; func _() {\n"+src+"\n}", parser.SkipObjectResolution)
	if err != nil {
		panic("frontend: bad generated statements " + strconv.Quote(src) + ": " + err.Error())
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	clearPositions(body)
	return body.List
}

var posType = reflect.TypeOf(token.NoPos)

// clearPositions zeroes every position in a generated subtree, so that
// the printer lays it out by itself and the line map ignores it.
func clearPositions(n ast.Node) {
	ast.Inspect(n, func(c ast.Node) bool {
		if c == nil {
			return false
		}
		v := reflect.ValueOf(c).Elem()
		for i := range v.NumField() {
			if f := v.Field(i); f.Type() == posType {
				f.SetInt(0)
			}
		}
		return true
	})
}
