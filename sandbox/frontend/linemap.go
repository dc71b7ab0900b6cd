package frontend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"sort"
)

// anchor ties a position in the lowered source to one in the learner's.
type anchor struct {
	line, col         int // lowered
	origLine, origCol int // learner's
}

// lineMap maps positions in the lowered source back to the learner's. It
// is built by parsing the printed program and walking it side by side with
// the lowered syntax tree it was printed from: the two have the same shape,
// and every node that came from the learner's file still carries its
// original position.
type lineMap struct {
	anchors []anchor // sorted by lowered position
	end     int      // last lowered line of the learner's declarations
}

// buildLineMap parses src, the printed form of file, and pairs up nodes.
func buildLineMap(fset *token.FileSet, file *ast.File, src []byte) (*lineMap, error) {
	learner := fset.File(file.Package)
	pfset := token.NewFileSet()
	printed, err := parser.ParseFile(pfset, "lowered.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	before, after := preorder(file, len(file.Decls)), preorder(printed, len(file.Decls))
	m := &lineMap{end: pfset.Position(printed.End()).Line}
	if n := len(file.Decls); n > 0 && n <= len(printed.Decls) {
		m.end = pfset.Position(printed.Decls[n-1].End()).Line
	}
	for i := 0; i < len(before) && i < len(after); i++ {
		a, b := before[i], after[i]
		if reflect.TypeOf(a) != reflect.TypeOf(b) {
			break // shapes diverge: keep what matched so far
		}
		if !a.Pos().IsValid() || fset.File(a.Pos()) != learner {
			continue
		}
		o, p := fset.Position(a.Pos()), pfset.Position(b.Pos())
		m.anchors = append(m.anchors, anchor{line: p.Line, col: p.Column, origLine: o.Line, origCol: o.Column})
	}
	sort.SliceStable(m.anchors, func(i, j int) bool {
		x, y := m.anchors[i], m.anchors[j]
		return x.line < y.line || x.line == y.line && x.col < y.col
	})
	return m, nil
}

// preorder lists the nodes of the first decls declarations of f, and of
// its package clause, in the order ast.Inspect visits them, leaving out
// comments.
func preorder(f *ast.File, decls int) []ast.Node {
	nodes := []ast.Node{f.Name}
	for _, d := range f.Decls[:min(decls, len(f.Decls))] {
		ast.Inspect(d, func(n ast.Node) bool {
			switch n.(type) {
			case nil:
				return false
			case *ast.CommentGroup, *ast.Comment:
				return false
			}
			nodes = append(nodes, n)
			return true
		})
	}
	return nodes
}

// lookup returns the learner's position for a lowered one: the nearest
// anchor at or before it on the same line, shifted by the distance to it.
// A line with no anchor before the column takes the line's first anchor;
// a line with none takes the nearest anchor above. Helper code past the
// learner's declarations maps to 0, 0.
func (m *lineMap) lookup(line, col int) (int, int) {
	if m == nil || len(m.anchors) == 0 || line > m.end {
		return 0, 0
	}
	i := sort.Search(len(m.anchors), func(i int) bool {
		a := m.anchors[i]
		return a.line > line || a.line == line && a.col > col
	})
	if i > 0 && m.anchors[i-1].line == line {
		a := m.anchors[i-1]
		return a.origLine, a.origCol + col - a.col
	}
	if i < len(m.anchors) && m.anchors[i].line == line {
		a := m.anchors[i]
		return a.origLine, a.origCol
	}
	if i > 0 {
		return m.anchors[i-1].origLine, m.anchors[i-1].origCol
	}
	return m.anchors[0].origLine, m.anchors[0].origCol
}
