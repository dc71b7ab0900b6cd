package progfmt

import "fmt"

// methodPanic is what fmt prints when a String or Error method it calls
// panics: "%!v(PANIC=String method: no code)", with the value the method
// panicked with printed with %v, whatever the width or flags. The front
// end calls the program's methods itself (printshowconv.go), so the
// recovery fmt's catchPanic makes is done there, and this value takes the
// method's result's place. It holds the text with the verb it was made
// for, printed as it is where fmt does not call Format (an unexported
// field); Format writes it with fmt's own verb.
type methodPanic string

// Format implements fmt.Formatter.
func (m methodPanic) Format(s fmt.State, verb rune) {
	_, _ = fmt.Fprintf(s, "%%!%c%s", verb, string(m)[3:])
}

// MethodPanic is the value fmt prints for a panic with value p in the
// method (String or Error) it called for verb (a showMode's: '+' and '#'
// stand for %+v and %#v).
func MethodPanic(verb byte, method string, p any) any {
	if verb == '+' || verb == '#' {
		verb = 'v'
	}
	return methodPanic(fmt.Sprintf("%%!%c(PANIC=%s method: %v)", verb, method, p))
}
