package progfmt

import "fmt"

// nilAngle is what fmt prints for a nil pointer whose String or Error
// method panics: fmt's catchPanic writes <nil>, whatever the verb, width
// or flags (%q too). The front end hands it to fmt in place of such a nil
// of the program's type (the interpreter would hand fmt a nil interface).
type nilAngle struct{}

// Format implements fmt.Formatter.
func (nilAngle) Format(s fmt.State, _ rune) { _, _ = s.Write([]byte("<nil>")) }

func (nilAngle) String() string { return "<nil>" }

func (nilAngle) Error() string { return "<nil>" }

// NilStringer is nilAngle as a fmt.Stringer.
func NilStringer() fmt.Stringer { return nilAngle{} }

// NilError is nilAngle as an error.
func NilError() error { return nilAngle{} }
