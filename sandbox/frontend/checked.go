package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Checked indexing.
//
// The interpreter indexes and slices through package reflect, whose
// panics name no index ("reflect: slice index out of range"). A program
// that recovers a run-time panic must see Go's error, with its numbers
// ("runtime error: index out of range [5] with length 3"), so in checked
// mode every index and slice expression of a slice, array or string first
// goes through a helper that checks the bounds as the Go runtime does, in
// its order, and panics with its message. Checked mode is on when the
// program calls recover or declares a String or Error method, whose
// panics fmt recovers (and for the runtime's second, instrumented run
// of a program that panicked), since it makes indexing slower.

// checking says which index and slice expressions are checked: all of
// them, or those inside the statements starting on the given lines.
type checking struct {
	all   bool
	lines []int
}

// ranges returns the extents of the statements of file that start on
// c's lines.
func (c checking) ranges(fset *token.FileSet, file *ast.File) [][2]token.Pos {
	if len(c.lines) == 0 {
		return nil
	}
	var out [][2]token.Pos
	ast.Inspect(file, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok && slices.Contains(c.lines, fset.Position(s.Pos()).Line) {
			out = append(out, [2]token.Pos{s.Pos(), s.End()})
			return false // the statements inside are in this one's extent
		}
		return true
	})
	return out
}

// checksAt reports whether the index or slice expression at pos is
// checked.
func (l *lowerer) checksAt(pos token.Pos) bool {
	if l.checked {
		return true
	}
	for _, r := range l.checkedIn {
		if r[0] <= pos && pos < r[1] {
			return true
		}
	}
	return false
}

// checkedHelpers is the text of the helpers; $P is the helper prefix,
// $rt the package progfmt. The panic value is the Go runtime's own
// (runtime.boundsError, runtime.errorString, made in compiled code by
// sandbox/internal/runtime; the codes are the runtime's), which prints as
// itself wherever it goes.
const checkedHelpers = `func $Pfail(msg string) {
	panic($rt.RuntimeError(msg))
}

func $Pidx(x, n int) int {
	if x < 0 || x >= n {
		panic($rt.Bounds(0, x, n))
	}
	return x
}

func $Psl2(i, j, k int, checkJ bool, what string) int {
	if checkJ && (j < 0 || j > k) {
		if what == "length" {
			panic($rt.Bounds(1, j, k))
		}
		panic($rt.Bounds(2, j, k))
	}
	if i < 0 || i > j {
		panic($rt.Bounds(3, i, j))
	}
	return i
}

func $Psl3(i, j, k, c int, what string) int {
	if k < 0 || k > c {
		if what == "length" {
			panic($rt.Bounds(4, k, c))
		}
		panic($rt.Bounds(5, k, c))
	}
	if j < 0 || j > k {
		panic($rt.Bounds(6, j, k))
	}
	if i < 0 || i > j {
		panic($rt.Bounds(7, i, j))
	}
	return i
}`

// checkedMakeHelpers check make's lengths and append's growth as the Go
// runtime does (the interpreter's reflect calls panic with other words).
const checkedMakeHelpers = `

func $Pmklen(n, c int, withCap bool) int {
	if n < 0 {
		$Pfail("makeslice: len out of range")
	}
	if withCap && c < n {
		$Pfail("makeslice: cap out of range")
	}
	return n
}

func $Pgrow(n, k int) int {
	if n+k < n {
		$Pfail("growslice: len out of range")
	}
	return n
}`

// checkedPrefix declares the helpers once and returns their prefix.
func (l *lowerer) checkedPrefix() string {
	return l.helper("checked", "chk", func(name string) string {
		return strings.NewReplacer("$P", name+"_", "$rt", l.importName(progfmt.Path)).Replace(checkedHelpers + checkedMakeHelpers)
	}) + "_"
}

// sequenceKind classifies what x indexes: "slice", "array" (or a pointer
// to one), "string", or "" for anything else (a map, a type parameter).
func (l *lowerer) sequenceKind(x ast.Expr) string {
	t := l.typeOf(x)
	if t == nil {
		return ""
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return "slice"
	case *types.Array:
		return "array"
	case *types.Pointer:
		if _, ok := u.Elem().Underlying().(*types.Array); ok {
			return "array"
		}
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return "string"
		}
	}
	return ""
}

// pure reports whether evaluating e twice is the same as once: no calls
// (other than conversions and len/cap), receives or assignments.
func (l *lowerer) pure(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.CallExpr:
			if l.isConversion(x) {
				return true
			}
			if id, isID := ast.Unparen(x.Fun).(*ast.Ident); isID {
				if b, isB := l.info.Uses[id].(*types.Builtin); isB && (b.Name() == "len" || b.Name() == "cap") {
					return true
				}
			}
			ok = false
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				ok = false
			}
		}
		return ok
	})
	return ok
}

func intArg(e ast.Expr) ast.Expr {
	return &ast.CallExpr{Fun: ast.NewIdent("int"), Args: []ast.Expr{e}}
}

func builtinCall(name string, e ast.Expr) ast.Expr {
	return &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{e}}
}

// checkIndex rewrites x[i] to x[chk_idx(int(i), len(x))].
func (l *lowerer) checkIndex(n *ast.IndexExpr) {
	kind := l.sequenceKind(n.X)
	if kind == "" || !l.pure(n.X) {
		return
	}
	if tv := l.typeAndValue(n.Index); tv.Value != nil && kind == "array" {
		return // checked by the compiler
	}
	p := l.checkedPrefix()
	l.note("checked indexing")
	n.Index = &ast.CallExpr{Fun: ast.NewIdent(p + "idx"), Args: []ast.Expr{intArg(n.Index), builtinCall("len", n.X)}}
}

// checkSlice rewrites x[i:j] and x[i:j:k] so that the low bound goes
// through a helper checking all of them first.
func (l *lowerer) checkSlice(n *ast.SliceExpr) {
	kind := l.sequenceKind(n.X)
	if kind == "" || !l.pure(n.X) || n.High != nil && !l.pure(n.High) || n.Max != nil && !l.pure(n.Max) {
		return
	}
	p := l.checkedPrefix()
	l.note("checked indexing")
	what, capOf := "capacity", "cap"
	if kind != "slice" {
		what, capOf = "length", "len"
	}
	var low ast.Expr = ast.NewIdent("0")
	if n.Low != nil {
		low = intArg(n.Low)
	}
	var call *ast.CallExpr
	if n.Slice3 {
		call = &ast.CallExpr{Fun: ast.NewIdent(p + "sl3"), Args: []ast.Expr{
			low, intArg(n.High), intArg(n.Max), builtinCall(capOf, n.X), &ast.BasicLit{Value: strconv.Quote(what)},
		}}
	} else {
		high, checkJ := ast.Expr(builtinCall("len", n.X)), "false"
		if n.High != nil {
			high, checkJ = intArg(n.High), "true"
		}
		call = &ast.CallExpr{Fun: ast.NewIdent(p + "sl2"), Args: []ast.Expr{
			low, high, builtinCall(capOf, n.X), ast.NewIdent(checkJ), &ast.BasicLit{Value: strconv.Quote(what)},
		}}
	}
	n.Low = call
}
