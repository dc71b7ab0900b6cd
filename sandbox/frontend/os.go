package frontend

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"
)

// The playground's os is a safe subset: a program has its own captured
// standard streams, exit code and empty environment, and no files,
// processes or network. The program is type-checked against the real
// package, so its errors are those of `go build`; then every other name of
// os, and every other method of *os.File, is refused here, at its line.

// OSNames lists the names of package os a program may use; the sandbox
// binds exactly these (a sandbox test checks it).
var OSNames = []string{
	"Args", "Environ", "ErrClosed", "ErrDeadlineExceeded", "ErrExist", "ErrInvalid", "ErrNotExist",
	"ErrPermission", "Exit", "File", "Getenv", "LookupEnv", "Stderr", "Stdin", "Stdout",
}

// OSFileMethods lists the methods of *os.File a program may call: those
// that make sense for the standard streams.
var OSFileMethods = []string{"Close", "Name", "Read", "Sync", "Write", "WriteString"}

var (
	osNames       = setOf(OSNames)
	osFileMethods = setOf(OSFileMethods)
)

func setOf(list []string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, s := range list {
		m[s] = true
	}
	return m
}

// osRefusal is the reason every refusal of os gives.
var osRefusal = " is not supported by the playground: programs here have no files, processes or network" +
	" (os offers " + strings.Join(sortedOSNames(), ", ") + ")"

func sortedOSNames() []string {
	var names []string
	for _, n := range OSNames {
		if !strings.HasPrefix(n, "Err") && n != "File" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// refuseOS reports a name of os, or a method of *os.File, outside the
// playground's subset.
func (l *lowerer) refuseOS(sel *ast.SelectorExpr) {
	if id, ok := sel.X.(*ast.Ident); ok {
		if pn, ok := l.info.Uses[id].(*types.PkgName); ok {
			if pn.Imported().Path() == "os" && !osNames[sel.Sel.Name] {
				l.unsupported(sel.Pos(), "os."+sel.Sel.Name+osRefusal)
			}
			return
		}
	}
	s := l.info.Selections[sel]
	if s == nil || s.Kind() == types.FieldVal {
		return
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok || osFileMethods[fn.Name()] {
		return
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := t.(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "os" && named.Obj().Name() == "File" {
		l.unsupported(sel.Sel.Pos(), "(*os.File)."+fn.Name()+osRefusal)
	}
}
