package frontend

import (
	"go/scanner"
	"go/token"
	"strings"
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
	x, okx := tokenText(a)
	y, oky := tokenText(b)
	return okx && oky && x == y
}

// tokenText writes src's tokens as sameTokens compares them: each token's
// code and literal (none for a semicolon), ended by a zero byte, which no
// Go source holds. ok is false when src does not scan cleanly.
func tokenText(src []byte) (text string, ok bool) {
	var s scanner.Scanner
	ok = true
	s.Init(token.NewFileSet().AddFile("", -1, len(src)), src, func(token.Position, string) { ok = false }, 0)
	var b strings.Builder
	semicolon := false // one waits: it counts unless ) or } or the end follows
	for {
		_, tok, lit := s.Scan()
		if semicolon && tok != token.RPAREN && tok != token.RBRACE && tok != token.EOF {
			b.WriteByte(byte(token.SEMICOLON))
			b.WriteByte(0)
		}
		if tok == token.EOF || !ok {
			return b.String(), ok
		}
		if semicolon = tok == token.SEMICOLON; !semicolon {
			b.WriteByte(byte(tok))
			b.WriteString(lit)
			b.WriteByte(0)
		}
	}
}
