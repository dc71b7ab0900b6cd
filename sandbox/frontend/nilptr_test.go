package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nilErrProgram is a program storing a nil *E in an error and printing it
// with the format given.
func nilErrProgram(format string) string {
	return "package main\n\nimport \"fmt\"\n\ntype E struct{}\n\nfunc (*E) Error() string { return \"e\" }\n\n" +
		"func main() {\n\tvar p *E\n\tvar err error = p\n\tfmt.Printf(" + format + ", err)\n}\n"
}

func TestTypedNilsInPackageInterfaces(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		want    string // "line:col: start of the refusal", "" when the program compiles
		lowered string // in the lowered program when it compiles ("!x": x is not)
	}{
		{"a variable that may be nil goes through the marker", nilErrProgram(`"%v\n"`), "", "_fl_nilin"},
		{"%#v prints the typed nil's Go syntax", nilErrProgram(`"%#v\n"`), "", `"(*main.E)(nil)"`},
		{"%T names the typed nil's type", nilErrProgram(`"%T\n"`), "", `"*main.E"`},
		{"%q is refused", nilErrProgram(`"%q\n"`), "12:21: printing a value of type error that may hold a nil *main.E with %q", ""},
		{"%x is refused", nilErrProgram(`"%x\n"`), "12:21: printing a value of type error that may hold a nil *main.E with %x", ""},
		{"%#v with a width is refused", nilErrProgram(`"%#20v\n"`), "12:24: printing a value of type error that may hold a nil *main.E with %#v", ""},
		{"a pointer that cannot be nil goes as it is",
			"package main\n\ntype E struct{}\n\nfunc (*E) Error() string { return \"e\" }\n\nfunc main() {\n\tvar err error = &E{}\n\tprintln(err != nil)\n}\n",
			"", "!_fl_nil"},
		{"the program's own call of Error panics as Go's does", strings.Replace(nilErrProgram(`"%v\n"`), "fmt.Printf(", "println(err.Error())\n\tfmt.Printf(", 1), "", "_fl_nilcall"},
		{"a method value of Error calls the nil's method", strings.Replace(nilErrProgram(`"%v\n"`), "fmt.Printf(", "f := err.Error\n\tprintln(f())\n\tfmt.Printf(", 1), "", "_fl_nilmv"},
		{"a nil slice of an error type",
			"package main\n\ntype Errs []error\n\nfunc (e Errs) Error() string { return \"errs\" }\n\nfunc f() error {\n\tvar es Errs\n\treturn es\n}\n\nfunc main() { println(f() != nil) }\n",
			"", "return _fl_nilin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog, diags := Check([]byte(tt.src), Options{})
			if tt.want == "" {
				require.Empty(t, diags, "source:\n%s", tt.src)
				require.NotNil(t, prog)
				if absent, ok := strings.CutPrefix(tt.lowered, "!"); ok {
					assert.NotContains(t, string(prog.Source), absent, "source:\n%s", tt.src)
					return
				}
				assert.Contains(t, string(prog.Source), tt.lowered, "source:\n%s", tt.src)
				return
			}
			require.NotEmpty(t, diags, "want %q, source:\n%s", tt.want, tt.src)
			got := itoa(diags[0].Line) + ":" + itoa(diags[0].Column) + ": " + diags[0].Message
			assert.True(t, strings.HasPrefix(got, tt.want), "want %q, got %q", tt.want, got)
			assert.Equal(t, KindUnsupported, diags[0].Kind, "got %q", got)
			assert.Contains(t, got, "not supported by the playground")
		})
	}
}
