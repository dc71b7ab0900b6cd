package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A panic with a value of the program's own type that has an Error or
// String method prints what that method returns, as Go's runtime does.
// The interpreter's own assertion of such a value to error failed on a
// pointer to a struct (it crashed the run, and in a goroutine the whole
// process) and missed the method of a pointer to a value-receiver type.
func TestPanicWithValuesOfTheProgramsTypes(t *testing.T) {
	cases := []struct {
		name, src string
		msg       string // as the Go toolchain's binary prints it
		line, col int
	}{
		{
			name: "pointer to an error struct",
			src:  "package main\n\ntype NotFound struct{ Key string }\n\nfunc (e *NotFound) Error() string { return \"not found: \" + e.Key }\n\nfunc main() {\n\tpanic(&NotFound{\"k\"})\n}\n",
			msg:  "panic: not found: k", line: 8, col: 2,
		},
		{
			name: "pointer to a value-receiver error in a variable",
			src:  "package main\n\ntype Temporary struct{ Op string }\n\nfunc (t Temporary) Error() string { return t.Op + \": temporary\" }\n\nfunc main() {\n\tt := &Temporary{\"dial\"}\n\tpanic(t)\n}\n",
			msg:  "panic: dial: temporary", line: 9, col: 2,
		},
		{
			name: "a Stringer int",
			src:  "package main\n\nimport \"fmt\"\n\ntype Level int\n\nfunc (l Level) String() string { return fmt.Sprintf(\"level-%d\", int(l)) }\n\nfunc main() {\n\tpanic(Level(3))\n}\n",
			msg:  "panic: level-3", line: 10, col: 2,
		},
		{
			name: "pointer Stringer in a goroutine",
			src:  "package main\n\nimport \"time\"\n\ntype Op struct{ Name string }\n\nfunc (o *Op) String() string { return \"op \" + o.Name }\n\nfunc main() {\n\tgo func() {\n\t\tpanic(&Op{\"write\"})\n\t}()\n\ttime.Sleep(time.Second)\n}\n",
			msg:  "panic: op write", line: 11, col: 3,
		},
		{
			name: "error method preferred to String",
			src:  "package main\n\ntype Both struct{}\n\nfunc (*Both) Error() string  { return \"as error\" }\nfunc (*Both) String() string { return \"as string\" }\n\nfunc main() {\n\tpanic(&Both{})\n}\n",
			msg:  "panic: as error", line: 9, col: 2,
		},
		{
			name: "in a function the recovering caller does not reach",
			src:  "package main\n\nimport \"fmt\"\n\ntype VErr struct{ Field string }\n\nfunc (e *VErr) Error() string { return \"invalid \" + e.Field }\n\nfunc check(age int) {\n\tif age < 0 {\n\t\tpanic(&VErr{\"age\"})\n\t}\n}\n\nfunc main() {\n\tdefer fmt.Println(\"deferred\")\n\tcheck(-1)\n}\n",
			msg:  "panic: invalid age", line: 11, col: 3,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := runSource(t, tc.src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant a panic, stdout:\n%s", tc.src, res.Stdout)
			assert.Equal(t, KindPanic, res.Err.Kind, "source:\n%s\nerror %v", tc.src, res.Err)
			assert.Equal(t, tc.msg, res.Err.Message, "source:\n%s", tc.src)
			assert.Equal(t, []int{tc.line, tc.col}, []int{res.Err.Line, res.Err.Column}, "source:\n%s\nerror %v", tc.src, res.Err)
			assert.Equal(t, 2, res.ExitCode, "source:\n%s\nexit code", tc.src)
		})
	}
}

// A panic with a value of the program's types without methods held in
// an empty interface prints the dynamic type's name, as Go's runtime
// does: the interpreter's value in the interface is a bare float64 or
// string. A value of another type in the interface prints without a
// name, also after an earlier panic with the program's type was
// recovered.
func TestPanicWithDefinedTypesInAny(t *testing.T) {
	cases := []struct {
		decl, value string
		msg         string // as the Go toolchain's binary prints it
	}{
		{"type Celsius float64", "Celsius(3)", "panic: main.Celsius(3)"},
		{"type Code int8", "Code(-3)", "panic: main.Code(-3)"},
		{"type U uint", "U(7)", "panic: main.U(7)"},
		{"type F32 float32", "F32(1.5)", "panic: main.F32(1.5)"},
		{"type Wave complex128", "Wave(1 + 2i)", "panic: main.Wave(1+2i)"},
		{"type Name string", `Name("x")`, `panic: main.Name("x")`},
		{"type Flag bool", "Flag(true)", "panic: main.Flag(true)"},
		{"type Celsius float64", "3.5", "panic: 3.5"},
		{"type Name string", `"plain"`, "panic: plain"},
	}
	for _, tc := range cases {
		t.Run(tc.value, func(t *testing.T) {
			t.Parallel()
			src := "package main\n\n" + tc.decl + "\n\nfunc main() {\n\tvar i any = " + tc.value + "\n\tpanic(i)\n}\n"
			res := runSource(t, src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant a panic, stdout:\n%s", src, res.Stdout)
			assert.Equal(t, KindPanic, res.Err.Kind, "source:\n%s\nerror %v", src, res.Err)
			assert.Equal(t, tc.msg, res.Err.Message, "source:\n%s", src)
			assert.Equal(t, []int{7, 2}, []int{res.Err.Line, res.Err.Column}, "source:\n%s", src)
			assert.Equal(t, 2, res.ExitCode, "source:\n%s\nexit code", src)
		})
	}
	t.Run("after a recovered panic with the program's type", func(t *testing.T) {
		t.Parallel()
		src := "package main\n\ntype Celsius float64\n\nfunc main() {\n\tfunc() {\n\t\tdefer func() { recover() }()\n\t\tpanic(Celsius(3))\n\t}()\n\tvar j any = 3.0\n\tpanic(j)\n}\n"
		res := runSource(t, src, Options{})
		require.NotNil(t, res.Err, "source:\n%s", src)
		assert.Equal(t, "panic: 3", res.Err.Message, "source:\n%s", src)
	})
	t.Run("direct complex", func(t *testing.T) {
		t.Parallel()
		src := "package main\n\ntype Wave complex64\n\nfunc main() {\n\tpanic(Wave(1 + 2i))\n}\n"
		res := runSource(t, src, Options{})
		require.NotNil(t, res.Err, "source:\n%s", src)
		assert.Equal(t, "panic: main.Wave(1+2i)", res.Err.Message, "source:\n%s", src)
	})
}
