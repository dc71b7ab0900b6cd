package sandbox

import (
	"go/ast"
	"go/token"
	"path"
	"reflect"
	"strconv"
	"sync"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/flakylab/flakylab/sandbox/symbols"
)

// The exported variables of the allowed compiled packages (context.Canceled,
// strconv.ErrSyntax, breaker.ErrOpen, time.UTC, ...) live once per process,
// and every run would share them. Each run therefore gets its own copy of
// each (ownVars): assigning one works within the run, as in Go, and the
// next run starts from the original. The packages' compiled code keeps
// using the originals.
//
// A variable that points to something (time.UTC, unicode.Latin), or is a
// slice or a map (unicode.CaseRanges, unicode.Categories), is copied as it
// is, so that time.UTC still is the *Location the time package returns:
// what it refers to is shared, and sharedstate.go watches it.

// ownVars returns t with every variable replaced by a fresh copy holding
// the original's value; t itself is left alone.
func ownVars(t map[string]reflect.Value) map[string]reflect.Value {
	var out map[string]reflect.Value
	for name, v := range t {
		if !isVar(v) {
			continue
		}
		if out == nil {
			out = copyTable(t)
		}
		own := reflect.New(v.Type()).Elem()
		own.Set(v)
		out[name] = own
	}
	if out == nil {
		return t
	}
	return out
}

// isVar reports whether a symbol table entry is a package variable: the
// extracted tables bind variables as reflect.ValueOf(&pkg.Var).Elem().
func isVar(v reflect.Value) bool {
	return v.IsValid() && v.CanSet()
}

// packageVars maps the import path of each compiled package to the names
// of its exported variables.
var packageVars = sync.OnceValue(func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for key, table := range symbols.Symbols {
		for name, v := range table {
			if !isVar(v) {
				continue
			}
			if out[dirOf(key)] == nil {
				out[dirOf(key)] = map[string]bool{}
			}
			out[dirOf(key)][name] = true
		}
	}
	return out
})

// readVarsLive makes every reference to a compiled package's variable
// (breaker.ErrOpen) read and write the variable itself: it becomes
// (*&breaker.ErrOpen). The interpreter otherwise copies such a variable
// where it is converted to an interface (an error passed to fmt.Println,
// assigned to an error variable), taking its value when the program is
// compiled, so that an assignment the program makes would not be seen.
// A name that the file declares itself (a local variable called time)
// is left alone. src is the text f was parsed from.
func readVarsLive(f *ast.File, src string) {
	vars := map[string]map[string]bool{} // by the name the file imports it under
	for _, spec := range f.Imports {
		ip, err := strconv.Unquote(spec.Path.Value)
		if err != nil || packageVars()[ip] == nil {
			continue
		}
		name := allowed[ip]
		if spec.Name != nil {
			name = spec.Name.Name
		}
		vars[name] = packageVars()[ip]
	}
	if len(vars) == 0 {
		return
	}
	names := map[string]bool{}
	for name := range vars {
		names[name] = true
	}
	local := localRefs(f, src, names)
	isVarRef := func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		pkg, ok := sel.X.(*ast.Ident)
		return ok && !local[pkg] && vars[pkg.Name][sel.Sel.Name]
	}
	addressed := map[ast.Node]bool{} // &pkg.Var already is the variable
	astutil.Apply(f, func(c *astutil.Cursor) bool {
		if u, ok := c.Node().(*ast.UnaryExpr); ok && u.Op == token.AND && isVarRef(u.X) {
			addressed[u.X] = true
		}
		return true
	}, func(c *astutil.Cursor) bool {
		if !isVarRef(c.Node()) || addressed[c.Node()] {
			return true
		}
		sel := c.Node().(*ast.SelectorExpr)
		pos := sel.Pos()
		c.Replace(&ast.ParenExpr{Lparen: pos, Rparen: sel.End(), X: &ast.StarExpr{Star: pos,
			X: &ast.UnaryExpr{OpPos: pos, Op: token.AND, X: sel}}})
		return true
	})
}

// dirOf is the import path of a symbol table key ("time/time" -> "time").
func dirOf(key string) string {
	return path.Dir(key)
}
