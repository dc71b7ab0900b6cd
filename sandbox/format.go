package sandbox

import (
	"fmt"
	"go/format"
	"go/token"
	"strings"

	"github.com/flakylab/flakylab/sandbox/frontend"
)

// Format returns src formatted as gofmt would. A snippet (statements, with
// optional imports first) is formatted as a snippet. If src does not
// parse, the error is positioned at the learner's line and column.
func Format(src string) (string, *Error) {
	if len(src) > MaxSourceBytes {
		return "", &Error{Kind: KindUnsupported, Message: fmt.Sprintf("the source is %d bytes; the limit is %s", len(src), byteSize(MaxSourceBytes))}
	}
	if d := frontend.CheckLimits([]byte(src)); d != nil {
		return "", &Error{Kind: KindUnsupported, Message: d.Message, Line: d.Line, Column: d.Column}
	}
	out, err := formatSource(src)
	if err == nil {
		return out, nil
	}
	// Our own parser knows snippets, so its position is the learner's.
	if _, perr := parseProgram(token.NewFileSet(), src); perr != nil {
		return "", perr
	}
	return "", &Error{Kind: KindCompile, Message: err.Error()}
}

func formatSource(src string) (string, error) {
	if hasPackageClause(src) {
		out, err := format.Source([]byte(src))
		return string(out), err
	}
	// go/format takes declarations or statements, not both: format a
	// snippet's imports and its statements apart.
	cut := importsEnd(src)
	if cut == 0 {
		out, err := format.Source([]byte(src))
		return string(out), err
	}
	head, err := format.Source([]byte(src[:cut]))
	if err != nil {
		return "", err
	}
	tail, err := format.Source([]byte(strings.TrimLeft(src[cut:], " \t;\r\n")))
	if err != nil {
		return "", err
	}
	return strings.TrimRight(string(head), "\n") + "\n\n" + string(tail), nil
}

// Lowered returns the program the interpreter would run for src, before
// the runtime's own rewrite (panic guards, print): the learner's program
// (a snippet wrapped) after the front end's lowering. It is for people
// reproducing a report; errors are those Run would give.
func Lowered(src string) (string, []*Error) {
	if d := frontend.CheckLimits([]byte(src)); d != nil {
		return "", []*Error{{Kind: KindUnsupported, Message: d.Message, Line: d.Line, Column: d.Column}}
	}
	p, perr := parseProgram(token.NewFileSet(), src)
	if perr != nil {
		return "", []*Error{perr}
	}
	if perr := checkImports(p); perr != nil {
		return "", []*Error{perr}
	}
	lowered, diags := frontend.Check([]byte(p.text), frontend.Options{Filename: SourceName})
	if len(diags) > 0 {
		r := &run{}
		r.diagnostics(p, diags)
		return "", r.errs
	}
	return string(lowered.Source), nil
}
