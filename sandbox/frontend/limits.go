package frontend

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
)

// The limits on the programs the playground takes. Every tool that reads
// a program (the parser, the type checker, the lowering, the interpreter)
// goes down its syntax tree recursively, and in a browser's worker the
// call stack is small: a program nested thousands of levels deep (a
// thousand parentheses, a sum of five thousand terms) would overflow it.
// A very long program takes long to check and compile there too.
const (
	// MaxNesting is the deepest a program may nest: brackets, and
	// expressions and statements inside one another.
	MaxNesting = 200
	// MaxLines is the longest a program may be.
	MaxLines = 20000
)

// CheckLimits reports the first place where src goes past the limits, as
// a diagnostic at that line, or nil. It never recurses deeper than the
// limits, so it is safe on any input: call it before anything else reads
// the program.
func CheckLimits(src []byte) *Diagnostic {
	if n := strings.Count(string(src), "\n"); n > MaxLines {
		return &Diagnostic{Kind: KindUnsupported, Line: MaxLines + 1, Column: 1,
			Message: fmt.Sprintf("programs longer than %d lines are not supported by the playground", MaxLines)}
	}
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, func(token.Position, string) {}, 0)
	depth := 0
	for {
		pos, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			return checkTreeDepth(src)
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
			if depth > MaxNesting {
				return tooDeep(fset.Position(pos))
			}
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		}
	}
}

func tooDeep(p token.Position) *Diagnostic {
	return &Diagnostic{Kind: KindUnsupported, Line: p.Line, Column: p.Column,
		Message: fmt.Sprintf("programs nested more than %d levels deep are not supported by the playground", MaxNesting)}
}

// checkTreeDepth parses src (its brackets are within the limit, and the
// parser reads a long chain of operators in a loop) and walks its syntax
// tree no deeper than the limit.
func checkTreeDepth(src []byte) *Diagnostic {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		// A snippet: statements, read as a function's body (the line
		// directive keeps their lines).
		// Its imports, if it starts with some, are blanked out (lines and
		// columns stay).
		f, err = parser.ParseFile(fset, "", "package p; func _() {\n//line :1:1\n"+string(blankImports(src))+"\n}", parser.SkipObjectResolution)
	}
	if err != nil {
		return nil // the syntax error is reported where the program is read
	}
	var found *Diagnostic
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if found != nil {
			return false
		}
		if len(stack) >= 2*MaxNesting { // a level of nesting is about two nodes deep
			found = tooDeepTree(fset, append(stack, n))
			return false
		}
		stack = append(stack, n)
		return true
	})
	return found
}

// tooDeepTree is the diagnostic for a syntax tree path that goes past the
// limit. A path that is mostly one chain of binary operators (a sum of
// thousands of terms) is no nesting a learner wrote, and is named as what
// it is, at the chain's start.
func tooDeepTree(fset *token.FileSet, path []ast.Node) *Diagnostic {
	chain, top := 0, -1
	for i := len(path) - 1; i >= 0; i-- {
		e, ok := path[i].(*ast.BinaryExpr)
		if !ok {
			if i < len(path)-1 { // the innermost operand may be anything
				break
			}
			continue
		}
		if top >= 0 && e.Op != path[top].(*ast.BinaryExpr).Op && chain > MaxNesting {
			break
		}
		chain, top = chain+1, i
	}
	if chain <= MaxNesting {
		return tooDeep(fset.Position(path[len(path)-1].Pos()))
	}
	e := path[top].(*ast.BinaryExpr)
	p := fset.Position(e.Pos())
	return &Diagnostic{Kind: KindUnsupported, Line: p.Line, Column: p.Column,
		Message: fmt.Sprintf("expressions that chain more than %d operators (%s) are not supported by the playground; "+
			"build the value in several statements", MaxNesting, e.Op)}
}

// blankImports returns src with the import declarations it starts with
// (a snippet's) turned into spaces, newlines kept; src itself when it
// starts with none.
func blankImports(src []byte) []byte {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(src)), src, func(token.Position, string) {}, 0)
	end := 0 // src[:end] is imports
	inDecl, group := false, false
	for {
		pos, tok, _ := s.Scan()
		switch {
		case tok == token.EOF:
		case !inDecl && tok == token.IMPORT:
			inDecl = true
			continue
		case inDecl && !group && tok == token.LPAREN:
			group = true
			continue
		case group && tok == token.RPAREN:
			group = false
			continue
		case inDecl && (group || tok == token.IDENT || tok == token.PERIOD || tok == token.STRING):
			continue
		case inDecl && tok == token.SEMICOLON:
			inDecl = false
			end = fset.Position(pos).Offset
			continue
		}
		break
	}
	if end == 0 {
		return src
	}
	return append([]byte(blankKeepingLines(src[:end])), src[end:]...)
}
