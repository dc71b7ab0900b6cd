package sandbox

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
)

// program is a parsed learner program: a whole file, or a snippet wrapped
// in package main and func main. Positions in file, read through fset,
// are the learner's own lines and columns either way, because the wrapper
// carries line directives.
type program struct {
	fset    *token.FileSet
	file    *ast.File
	snippet bool
	lines   []int  // byte length of each line of the learner's source
	text    string // what was parsed: src, or the wrapped snippet
	// source is the text file was parsed from: text before a snippet's
	// inferred imports, or the front end's lowered program.
	source string
	// asText: file is text as parsed (a snippet's inferred imports are
	// added to file without positions, and to text on its first line).
	asText bool
	// lowered maps a position in file back to the learner's source when
	// file is the front end's lowered program; nil when file is the
	// learner's own (wrapped) text, whose positions are already theirs.
	lowered func(line, col int) (int, int)
	// harness marks the checks' file of a graded run: none of its
	// positions are the learner's.
	harness bool
	// library marks the learner's file of a graded run, compiled as a
	// package: its main is an ordinary function that nothing calls.
	library bool
	// unpackaged marks a file whose package clause is missing: neither a
	// program nor a snippet, reported as go build reports it.
	unpackaged bool
}

// parseProgram parses src into fset, wrapping it first if it is a snippet.
// On a syntax error it returns the error and p with its text.
func parseProgram(fset *token.FileSet, src string) (*program, *Error) {
	p := &program{fset: fset, lines: lineLengths(src)}
	text := src
	if !hasPackageClause(src) {
		p.snippet = true
		text = wrapSnippet(src)
	}
	p.text = text
	f, err := parser.ParseFile(fset, SourceName, text, parser.SkipObjectResolution)
	if err != nil {
		if p.snippet && parsesAsFile(src) {
			return p, p.missingPackage(src)
		}
		return p, p.parseError(err) // p.text is still worth checking
	}
	p.file, p.asText, p.source = f, true, text
	if p.snippet && declaresOnly(f) {
		return p, p.missingPackage(src)
	}
	if p.snippet {
		if added := inferImports(f, text); len(added) > 0 {
			p.asText = false
			// The text the front end checks imports them too, on the
			// wrapper's first line, so that no line moves.
			var b strings.Builder
			b.WriteString("package main; import (")
			for _, ip := range added {
				b.WriteString(strconv.Quote(ip) + "; ")
			}
			b.WriteString(")")
			p.text = b.String() + strings.TrimPrefix(text, "package main")
		}
	}
	return p, nil
}

// parseLowered parses the front end's lowered program into fset, in place
// of the learner's text: positions in it are mapped back through pos.
func (p *program) parseLowered(fset *token.FileSet, src []byte, pos func(line, col int) (int, int)) error {
	name := SourceName
	if p.harness {
		name = HarnessName
	}
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	p.fset, p.file, p.lowered, p.source = fset, f, pos, string(src)
	return nil
}

// learner maps a position in the parsed file (lowered or not) to the
// learner's source and keeps it inside it; 0, 0 for code the learner did
// not write.
func (p *program) learner(line, col int) (int, int) {
	if p.harness {
		return 0, 0
	}
	if p.lowered != nil && line > 0 {
		line, col = p.lowered(line, col)
	}
	return p.clamp(line, col)
}

// parsesAsFile reports whether src, which has no package clause, would
// be a Go file with one: the learner left the clause out of a program
// with top-level declarations, which no snippet can hold.
func parsesAsFile(src string) bool {
	_, err := parser.ParseFile(token.NewFileSet(), "", "package main;"+src, parser.SkipObjectResolution)
	return err == nil
}

// declaresOnly reports whether the wrapped snippet f declares types and
// constants and does nothing else: a program whose package clause is
// missing (as `go build` sees it), not a snippet to run.
func declaresOnly(f *ast.File) bool {
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "main" || len(fn.Body.List) == 0 {
			continue
		}
		for _, st := range fn.Body.List {
			ds, ok := st.(*ast.DeclStmt)
			if !ok || ds.Decl.(*ast.GenDecl).Tok == token.VAR {
				return false
			}
		}
		return true
	}
	return false
}

// missingPackage is go build's error for a file without a package clause,
// at the learner's first token.
func (p *program) missingPackage(src string) *Error {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	s.Init(file, []byte(src), nil, 0)
	pos, _, _ := s.Scan()
	at := fset.Position(pos)
	p.unpackaged = true
	e := &Error{Kind: KindCompile, Message: "syntax error: package statement must be first"}
	e.Line, e.Column = p.clamp(at.Line, at.Column)
	return e
}

// hasPackageClause reports whether the first token of src is "package".
func hasPackageClause(src string) bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), func(token.Position, string) {}, 0)
	_, tok, _ := s.Scan()
	return tok == token.PACKAGE
}

// wrapSnippet turns "imports; statements" into a package main whose func
// main holds the statements. Line directives keep every position of the
// snippet's own text where the learner sees it.
func wrapSnippet(src string) string {
	cut := importsEnd(src)
	line, col := offsetPosition(src, cut)
	var b strings.Builder
	b.WriteString("package main\n")
	if cut > 0 {
		fmt.Fprintf(&b, "//line %s:1:1\n%s\n", SourceName, src[:cut])
	}
	fmt.Fprintf(&b, "func main() {\n/*line %s:%d:%d*/%s\n}\n", SourceName, line, col, src[cut:])
	return b.String()
}

// importsEnd returns the offset just past the import declarations a
// snippet starts with (0 if it has none).
func importsEnd(src string) int {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	s.Init(file, []byte(src), func(token.Position, string) {}, 0)
	end := 0
	for {
		_, tok, _ := s.Scan()
		if tok != token.IMPORT {
			return end
		}
		pos, tok, lit := s.Scan()
		if tok == token.LPAREN {
			for tok != token.RPAREN && tok != token.EOF {
				pos, tok, _ = s.Scan()
			}
			if tok == token.EOF {
				return end
			}
			end = file.Offset(pos) + 1
		} else {
			if tok == token.IDENT || tok == token.PERIOD {
				pos, tok, lit = s.Scan()
			}
			if tok != token.STRING {
				return end
			}
			end = file.Offset(pos) + len(lit)
		}
		if _, tok, _ = s.Scan(); tok != token.SEMICOLON {
			return end
		}
	}
}

// offsetPosition returns the 1-based line and column (in bytes) of an
// offset in src.
func offsetPosition(src string, off int) (line, col int) {
	before := src[:off]
	line = strings.Count(before, "\n") + 1
	col = off - strings.LastIndexByte(before, '\n')
	return line, col
}

func lineLengths(src string) []int {
	parts := strings.Split(src, "\n")
	out := make([]int, len(parts))
	for i, l := range parts {
		out[i] = len(l)
	}
	return out
}

// clamp keeps a position inside the learner's source: the wrapper's
// closing brace lies past its end.
func (p *program) clamp(line, col int) (int, int) {
	if line < 1 {
		return 0, 0
	}
	if line > len(p.lines) {
		last := len(p.lines)
		return last, p.lines[last-1] + 1
	}
	return line, col
}

// errorAt returns an Error positioned at pos.
func (p *program) errorAt(pos token.Pos, kind Kind, msg string) *Error {
	e := &Error{Kind: kind, Message: msg}
	if pos.IsValid() && p.harness {
		e.Message = p.fset.Position(pos).String() + ": " + msg
	} else if pos.IsValid() {
		at := p.fset.Position(pos)
		e.Line, e.Column = p.learner(at.Line, at.Column)
	}
	return e
}

// parseError converts the parser's first error.
func (p *program) parseError(err error) *Error {
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		e := &Error{Kind: KindCompile, Message: list[0].Msg}
		e.Line, e.Column = p.clamp(list[0].Pos.Line, list[0].Pos.Column)
		return e
	}
	return &Error{Kind: KindCompile, Message: err.Error()}
}

// positioned matches the "file:line:col: message" form of the
// interpreter's errors; the file may be missing.
var positioned = lazyRegexp(`(?s)^(?:([^:\n]*):)?(\d+):(\d+): (.*)$`)

// interpError converts an error the interpreter returned.
func (p *program) interpError(kind Kind, err error) *Error {
	msg := strings.TrimSpace(err.Error())
	m := positioned().FindStringSubmatch(msg)
	if m == nil {
		return &Error{Kind: kind, Message: msg}
	}
	if m[1] != "" && m[1] != SourceName {
		// Inside a package the runtime interprets from source.
		return &Error{Kind: kind, Message: msg}
	}
	line, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	e := &Error{Kind: kind, Message: m[4]}
	e.Line, e.Column = p.learner(line, col)
	return e
}
