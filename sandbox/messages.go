package sandbox

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// The interpreter evaluates index, slice, dereference and call
// expressions through package reflect, so some runtime errors surface as
// reflect's panics. goPanicMessage rewrites those into the messages the
// Go runtime prints for the same mistake, which are the ones a learner can
// look up.
var runtimeMessages = sync.OnceValue(func() []runtimeMessage {
	return []runtimeMessage{
		{regexp.MustCompile(`^reflect: (slice|array|string) index out of range$`), "runtime error: index out of range"},
		{regexp.MustCompile(`^reflect\.Value\.Slice3?: (slice|string)( slice)? (index )?out of (bounds|range)`), "runtime error: slice bounds out of range"},
		{regexp.MustCompile(`^reflect: call of reflect\.Value\.\w+ on zero Value$`), "runtime error: invalid memory address or nil pointer dereference"},
		{regexp.MustCompile(`^reflect: call of reflect\.Value\.\w+ on ptr Value$`), "runtime error: invalid memory address or nil pointer dereference"},
		{regexp.MustCompile(`^reflect\.Value\.Call: call of nil function$`), "runtime error: invalid memory address or nil pointer dereference"},
		{regexp.MustCompile(`^reflect: Method on nil interface value$`), "runtime error: invalid memory address or nil pointer dereference"},
		{regexp.MustCompile(`^reflect: indirection through nil pointer to embedded struct$`), "runtime error: invalid memory address or nil pointer dereference"},
		{regexp.MustCompile(`^reflect\.MakeSlice: (negative len|len > cap)`), "runtime error: makeslice: len out of range"},
		{regexp.MustCompile(`^reflect: cannot convert slice with length (\d+) to (?:pointer to )?array with length (\d+)$`), "runtime error: cannot convert slice with length $1 to array or pointer to array with length $2"},
		{regexp.MustCompile(`^reflect\.MakeSlice: negative cap`), "runtime error: makeslice: cap out of range"},
	}
})

// runtimeMessage is a reflect panic's message and the Go runtime's.
type runtimeMessage struct {
	match *regexp.Regexp
	goMsg string
}

// positionPrefix is the "prog.go:8:31: " the interpreter puts before some
// messages (a failed type assertion); the error carries the position.
var positionPrefix = lazyRegexp(`^([\w.-]*):(\d+):(\d+): `)

// messagePosition returns the position a message starts with, if it is
// in the learner's file.
func messagePosition(msg string) (line, col int) {
	m := positionPrefix().FindStringSubmatch(msg)
	if m == nil || m[1] != SourceName {
		return 0, 0
	}
	line, _ = strconv.Atoi(m[2])
	col, _ = strconv.Atoi(m[3])
	return line, col
}

func goPanicMessage(msg string) string {
	msg = positionPrefix().ReplaceAllString(msg, "")
	for _, m := range runtimeMessages() {
		if sub := m.match.FindStringSubmatchIndex(msg); sub != nil {
			return string(m.match.ExpandString(nil, m.goMsg, msg, sub))
		}
	}
	return msg
}

// interpreterFault reports whether a panic's message is the interpreter's
// own failure rather than one a Go program can cause: reflect's words that
// are not a run-time error Go also has, or the interpreter's internals.
func interpreterFault(msg string) bool {
	return strings.HasPrefix(msg, "reflect") || strings.HasPrefix(msg, "invalid interface value") ||
		strings.Contains(msg, "interp.valueInterface") || strings.Contains(msg, "interp.node") ||
		strings.Contains(msg, "unsafe2.dummy")
}

// cfgNoise is what the interpreter puts around a compile failure.
var cfgNoise = lazyRegexp(`(?:prog\.go:\d+:\d+: )|(?:CFG post-order panic: )`)

// interpreterLimit turns a failure of the interpreter to compile a
// program the front end has checked into a refusal: the program is valid
// Go, so this is a limit of the playground, positioned where the
// interpreter points.
func (p *program) interpreterLimit(msg string) *Error {
	e := &Error{Kind: KindUnsupported}
	if m := positioned().FindStringSubmatch(strings.TrimSpace(msg)); m != nil && (m[1] == "" || m[1] == SourceName) {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		e.Line, e.Column = p.learner(line, col)
	}
	detail := strings.TrimSpace(cfgNoise().ReplaceAllString(msg, ""))
	e.Message = "not supported by the playground: its Go interpreter cannot run this (" + detail + ")"
	return e
}

// lazyRegexp compiles pattern on first use. A regexp at package level is
// compiled when the process starts, in the browser before the runtime is
// ready; these read what went wrong, and most runs never need them.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
