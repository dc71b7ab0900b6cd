package frontend

import (
	"go/scanner"
	"go/token"
	"sync"
)

// Unchanged reports whether the lowering left the program as it was:
// Source holds the same tokens as the source given to Check (comments,
// layout and optional semicolons aside), so the caller may run its own
// syntax tree of that source instead of parsing Source, and keep its
// positions, which are already the learner's. Only a program written
// out once (no generics, no prints of several results) can be.
func (p *Program) Unchanged() bool { return p.unchanged }

// lineMap returns the map of Source's positions, building it on first
// use for an unchanged program, whose caller seldom needs it.
func (p *Program) lineMap() *lineMap {
	if p.buildLines != nil {
		p.linesOnce.Do(func() { p.lines = p.buildLines() })
	}
	return p.lines
}

// unchangedLines is what emit keeps of an unchanged program to build its
// line map later.
type unchangedLines struct {
	linesOnce  sync.Once
	buildLines func() *lineMap
	unchanged  bool
}

// sameTokens reports whether a and b scan to the same tokens, leaving
// out comments and the semicolons Go lets a program omit (before a
// closing parenthesis or brace, and at the end): a printed syntax tree
// then parses as the source it was printed from.
func sameTokens(a, b []byte) bool {
	x, y := significantTokens(a), significantTokens(b)
	if x == nil || y == nil || len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i].tok != y[i].tok || x[i].tok != token.SEMICOLON && x[i].lit != y[i].lit {
			return false
		}
	}
	return true
}

type scanned struct {
	tok token.Token
	lit string
}

// significantTokens scans src as sameTokens compares it; nil when src
// does not scan cleanly.
func significantTokens(src []byte) []scanned {
	var s scanner.Scanner
	failed := false
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), src, func(token.Position, string) { failed = true }, 0)
	out := make([]scanned, 0, len(src)/4)
	for {
		_, tok, lit := s.Scan()
		if failed {
			return nil
		}
		if n := len(out); n > 0 && out[n-1].tok == token.SEMICOLON && (tok == token.RPAREN || tok == token.RBRACE || tok == token.EOF) {
			out = out[:n-1]
		}
		if tok == token.EOF {
			return out
		}
		out = append(out, scanned{tok, lit})
	}
}
