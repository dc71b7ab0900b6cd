package frontend

import (
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// KindInternal marks a failure of the front end itself, never the learner's.
const KindInternal Kind = "internal"

func itoa(n int) string { return strconv.Itoa(n) }

// compilerWording maps the few go/types messages that the compiler's
// types2 words differently.
var compilerWording = []struct{ prefix, suffix, replacement string }{
	{"break not in for, switch, or select statement", "", "break is not in a loop, switch, or select"},
	{"continue not in for statement", "", "continue is not in a loop"},
	{"label ", " declared and not used", " defined and not used"},
}

// typeDiagnostic converts a go/types error. go/types and the compiler's
// types2 share nearly all their wording; where they report a different
// position (the two differ for a call with too few arguments and for a
// type argument that fails its constraint) the compiler's is used.
func typeDiagnostic(fset *token.FileSet, file *ast.File, err types.Error) Diagnostic {
	msg, at := err.Msg, err.Pos
	for _, w := range compilerWording {
		if strings.HasPrefix(msg, w.prefix) && strings.HasSuffix(msg, w.suffix) {
			if w.suffix == "" {
				msg = w.replacement
			} else {
				msg = strings.TrimSuffix(msg, w.suffix) + w.replacement
			}
		}
	}
	switch {
	case strings.HasPrefix(msg, "not enough arguments in call"):
		if call := callAt(file, at, func(c *ast.CallExpr) token.Pos { return c.Rparen }); call != nil && len(call.Args) > 0 {
			at = call.Args[len(call.Args)-1].Pos()
		}
	case strings.Contains(msg, " does not satisfy "):
		if call := callAt(file, at, func(c *ast.CallExpr) token.Pos { return c.Fun.Pos() }); call != nil {
			at = call.Lparen
		}
	}
	pos := fset.Position(at)
	return Diagnostic{Kind: KindType, Line: pos.Line, Column: pos.Column, Message: msg}
}

// addTypeError appends the diagnostic of a type error, or, for the
// continuation of the one before ("\tother declaration of x", "\tprevious
// case", at the earlier position), adds it to that one's message as the
// gc compiler does, so that the first error stays where the program is
// wrong.
func addTypeError(diags []Diagnostic, fset *token.FileSet, file *ast.File, err types.Error) []Diagnostic {
	if strings.HasPrefix(err.Msg, "\t") && len(diags) > 0 {
		pos := fset.Position(err.Pos)
		last := &diags[len(diags)-1]
		last.Message += "\n\t" + strconv.Itoa(pos.Line) + ":" + strconv.Itoa(pos.Column) + ": " + strings.TrimPrefix(err.Msg, "\t")
		return diags
	}
	return append(diags, typeDiagnostic(fset, file, err))
}

// callAt finds the call for which key returns pos.
func callAt(file *ast.File, pos token.Pos, key func(*ast.CallExpr) token.Pos) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && found == nil && key(c) == pos {
			found = c
		}
		return found == nil
	})
	return found
}

// checkImports reports every import of a package outside Allowed, naming
// what may be imported instead.
func checkImports(fset *token.FileSet, file *ast.File, extra []*types.Package) []Diagnostic {
	var diags []Diagnostic
	for _, spec := range file.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil || isAllowed(path) || findPackage(extra, path) != nil {
			continue
		}
		pos := fset.Position(spec.Path.Pos())
		diags = append(diags, Diagnostic{
			Kind:    KindImport,
			Line:    pos.Line,
			Column:  pos.Column,
			Message: "package " + path + " is not available in the playground; it offers " + strings.Join(Allowed, ", "),
		})
	}
	return diags
}

// checkMain reports what `go run` says of a program that is not a command.
func checkMain(fset *token.FileSet, file *ast.File, pkg *types.Package) []Diagnostic {
	if file.Name.Name != "main" {
		return []Diagnostic{{Kind: KindType, Message: "package command-line-arguments is not a main package"}}
	}
	if fn, ok := pkg.Scope().Lookup("main").(*types.Func); !ok || fn == nil {
		return []Diagnostic{{Kind: KindType, Message: "function main is undeclared in the main package"}}
	}
	return nil
}

// syntaxDiagnostics reports the first parse error in the compiler's words.
// Later errors are often consequences of the first, and the two parsers
// recover differently, so only the first is comparable.
func syntaxDiagnostics(src []byte, err error) []Diagnostic {
	list, ok := err.(scanner.ErrorList)
	if !ok || len(list) == 0 {
		return []Diagnostic{{Kind: KindSyntax, Message: "syntax error: " + err.Error()}}
	}
	first := list[0]
	d := Diagnostic{Kind: KindSyntax, Line: first.Pos.Line, Column: first.Pos.Column}
	d.Message = compilerSyntaxMessage(src, first, &d)
	return []Diagnostic{d}
}

// compilerSyntaxMessage rewords a go/parser message the way cmd/compile's
// parser puts it, for the common cases; others keep go/parser's wording
// behind the compiler's "syntax error: " prefix. It moves d to the end of
// the file when the unexpected token is EOF, where the compiler reports it.
func compilerSyntaxMessage(src []byte, e *scanner.Error, d *Diagnostic) string {
	msg := e.Msg
	tok := describeToken(src, e.Pos.Offset)
	if tok == "EOF" {
		d.Line, d.Column = endOfFile(src)
	}
	switch {
	case strings.HasPrefix(msg, "missing ',' "):
		rest := strings.TrimPrefix(msg, "missing ',' ")
		if after, ok := strings.CutPrefix(rest, "before newline "); ok {
			rest, tok = after, "newline"
		}
		closer := ")"
		if strings.Contains(rest, "composite literal") {
			closer = "}"
		}
		return "syntax error: unexpected " + tok + " " + rest + "; possibly missing comma or " + closer
	case strings.Contains(msg, ", expecting "):
		return "syntax error: " + strings.Replace(msg, ", expecting ", ", expected ", 1)
	case strings.HasPrefix(msg, "expected ';', found ") && tok != "EOF":
		return "syntax error: unexpected " + tok + " at end of statement"
	case strings.HasPrefix(msg, "expected statement, found ") && precededOnLine(src, e.Pos.Offset):
		return "syntax error: unexpected " + tok + " at end of statement"
	case strings.HasPrefix(msg, "expected declaration, found "):
		return "syntax error: non-declaration statement outside function body"
	case strings.HasPrefix(msg, "expected operand, found "):
		return "syntax error: unexpected " + tok + ", expected expression"
	case strings.HasPrefix(msg, "expected '"):
		want, _, _ := strings.Cut(strings.TrimPrefix(msg, "expected '"), "'")
		text := "syntax error: unexpected " + tok + ", expected " + want
		if want == "{" {
			if kw := statementKeyword(src, e.Pos.Offset); kw != "" {
				text += " after " + kw + " clause"
			}
		}
		return text
	}
	return "syntax error: " + msg
}

// describeToken names the token at offset as the compiler's parser does:
// "name x", "literal 2", "keyword for", "newline", "EOF" or the operator.
func describeToken(src []byte, offset int) string {
	if offset >= len(src) {
		return "EOF"
	}
	if src[offset] == '\n' {
		return "newline"
	}
	var s scanner.Scanner
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(src)-offset)
	s.Init(f, src[offset:], nil, 0)
	_, tok, lit := s.Scan()
	switch {
	case tok == token.EOF:
		return "EOF"
	case tok == token.SEMICOLON && lit == "\n":
		return "newline"
	case tok == token.IDENT:
		return "name " + lit
	case tok.IsLiteral():
		return "literal " + lit
	case tok.IsKeyword():
		return "keyword " + tok.String()
	}
	return tok.String()
}

// precededOnLine reports whether a token precedes offset on its line.
func precededOnLine(src []byte, offset int) bool {
	start := strings.LastIndexByte(string(src[:min(offset, len(src))]), '\n') + 1
	return strings.TrimSpace(string(src[start:min(offset, len(src))])) != ""
}

// statementKeyword returns "for", "if" or "switch" when the line holding
// offset starts with that keyword.
func statementKeyword(src []byte, offset int) string {
	start := strings.LastIndexByte(string(src[:min(offset, len(src))]), '\n') + 1
	line := strings.TrimLeft(string(src[start:]), " \t")
	for _, kw := range []string{"for", "if", "switch"} {
		if strings.HasPrefix(line, kw+" ") || strings.HasPrefix(line, kw+"\t") {
			return kw
		}
	}
	return ""
}

// endOfFile returns the line and column just past the last byte of src.
func endOfFile(src []byte) (line, col int) {
	line = 1 + strings.Count(string(src), "\n")
	col = len(src) - strings.LastIndexByte(string(src), '\n')
	return line, col
}
