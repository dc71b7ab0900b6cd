package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRefuseUnfaithful(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // "line:col: start of the message", "" when the program compiles
	}{
		{"hidden Timeout method asked for, the result's method called",
			"package main\n\nimport \"context\"\n\nfunc main() {\n\tvar err error = context.DeadlineExceeded\n\tif te, ok := err.(interface{ Timeout() bool }); ok && te.Timeout() {\n\t\tprintln(\"timeout\")\n\t}\n}\n", ""},
		{"hidden Timeout method asked for, the result printed with a format",
			"package main\n\nimport (\n\t\"context\"\n\t\"fmt\"\n)\n\nfunc main() {\n\tvar err error = context.DeadlineExceeded\n\tif te, ok := err.(interface{ Timeout() bool }); ok {\n\t\tfmt.Printf(\"%v\\n\", te)\n\t}\n}\n",
			"10:20: a type assertion to interface{Timeout() bool} is not supported by the playground when the value may be context.DeadlineExceeded and the result is used other than by calling its methods"},
		{"errors.As into an interface with a hidden method, its method called",
			"package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nfunc main() {\n\tvar u interface{ Unwrap() error }\n\tif errors.As(fmt.Errorf(\"a: %w\", errors.New(\"b\")), &u) {\n\t\tprintln(u.Unwrap().Error())\n\t}\n}\n", ""},
		{"errors.As into an interface with a hidden method, the target printed with a format",
			"package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nfunc main() {\n\tvar u interface{ Unwrap() error }\n\tif errors.As(fmt.Errorf(\"a: %w\", errors.New(\"b\")), &u) {\n\t\tfmt.Printf(\"%v\\n\", u)\n\t}\n}\n",
			"10:53: errors.As into a variable of interface type interface{Unwrap() error} is not supported by the playground unless it is a local variable used only"},
		{"recovered run-time error asked for RuntimeError, its Error called",
			"package main\n\nfunc main() {\n\tdefer func() {\n\t\tif re, ok := recover().(interface {\n\t\t\terror\n\t\t\tRuntimeError()\n\t\t}); ok {\n\t\t\tprintln(re.Error())\n\t\t}\n\t}()\n\tvar m map[int]int\n\tm[1] = 1\n}\n", ""},
		{"assertion to a type whose name a local type shares",
			"package main\n\ntype T struct{ a int }\n\nfunc f(x any) {\n\ttype T struct{ a int }\n\t_ = x.(T)\n}\n\nfunc main() { f(T{}) }\n",
			"7:9: a type assertion to T, a name two types of the program have"},
		{"type switch case on a shared name",
			"package main\n\ntype T struct{}\n\nfunc main() {\n\ttype T struct{}\n\tvar x any = T{}\n\tswitch x.(type) {\n\tcase T:\n\t}\n}\n",
			"9:7: a type switch case T, a name two types of the program have"},
		{"assertion to a local type with its own name",
			"package main\n\nfunc main() {\n\ttype U struct{ n int }\n\tvar x any = U{1}\n\t_ = x.(U)\n}\n", ""},
		{"local non-struct type told apart in an interface",
			"package main\n\nfunc main() {\n\ttype celsius float64\n\tvar x any = celsius(1)\n\tprintln(x == 1.0)\n}\n\nfunc other() { type celsius int }\n",
			"4:7: type celsius, declared inside a function, in a program that tells types apart in interfaces"},
		{"local non-struct type kept out of interfaces",
			"package main\n\nfunc main() {\n\ttype celsius float64\n\tc := celsius(1)\n\tprintln(c + 1)\n}\n", ""},
		{"assertion to an interface whose name a local interface shares",
			"package main\n\ntype I interface{ f() }\n\ntype J interface{ I }\n\nfunc main() {\n\ttype J interface{ f() }\n\tvar x any\n\t_, _ = x.(J)\n}\n", ""},
		{"method promoted at two depths, the deeper first",
			"package main\n\ntype E string\n\nfunc (e E) Val() string { return string(e) }\n\ntype A struct{ E }\n\ntype B struct {\n\tA\n\tE\n}\n\nfunc main() { _ = B{} }\n",
			"9:8: a struct whose embedded fields bring method Val at two depths"},
		{"method promoted at two depths, the shallower first",
			"package main\n\ntype E string\n\nfunc (e E) Val() string { return string(e) }\n\ntype A struct{ E }\n\ntype B struct {\n\tE\n\tA\n}\n\nfunc main() { _ = B{}.Val() }\n", ""},
		{"own method over an embedded one",
			"package main\n\ntype E struct{}\n\nfunc (E) Val() int { return 1 }\n\ntype B struct{ E }\n\nfunc (B) Val() int { return 2 }\n\nfunc main() { _ = B{}.Val() }\n", ""},
		{"deferred function value after a recovering defer",
			"package main\n\nfunc main() {\n\tdefer func() { recover() }()\n\tvar f func()\n\tdefer f()\n}\n",
			"6:2: a deferred call that may panic, deferred after a function that recovers"},
		{"deferred method of a concrete type after a recovering defer",
			"package main\n\nimport \"sync\"\n\nfunc main() {\n\tvar mu sync.Mutex\n\tmu.Lock()\n\tdefer func() { recover() }()\n\tdefer mu.Unlock()\n}\n", ""},
		{"deferred function value before a recovering defer",
			"package main\n\nfunc main() {\n\tf := func() {}\n\tdefer f()\n\tdefer func() { recover() }()\n}\n", ""},
		{"a float passed in a program that tests the sign of zero",
			"package main\n\nimport \"math\"\n\nfunc id(x float64) float64 { return x }\n\nfunc main() {\n\tz := math.Copysign(0, -1)\n\tprintln(math.Signbit(id(z)))\n}\n",
			"9:26: passing a float that may be negative zero to a function"},
		{"a float passed in a program that does not test the sign",
			"package main\n\nfunc half(x float64) float64 { return x / 2 }\n\nfunc main() {\n\ttotal := 3.0\n\tprintln(half(total / float64(2)))\n}\n", ""},
		{"interface converted to another in a program comparing them",
			"package main\n\ntype I interface{ M() }\n\ntype T struct{}\n\nfunc (*T) M() {}\n\nfunc main() {\n\tvar j interface{ M() } = new(T)\n\tvar i I = j\n\tprintln(i == I(new(T)))\n}\n",
			"11:12: converting a value of one interface type to another (I)"},
		{"interface converted to another, never compared",
			"package main\n\ntype I interface{ M() }\n\ntype T struct{}\n\nfunc (*T) M() {}\n\nfunc main() {\n\tvar j interface{ M() } = new(T)\n\tvar i I = j\n\ti.M()\n}\n", ""},
		{"interface keys in a program that recovers, with an unhashable struct",
			"package main\n\ntype T struct{ s []int }\n\nfunc main() {\n\tdefer func() { recover() }()\n\tm := map[any]int{}\n\tm[T{}] = 1\n}\n",
			"8:2: a map with interface keys, in a program that recovers from panics"},
		{"interface keys in a program that does not recover",
			"package main\n\ntype T struct{ s []int }\n\nfunc main() {\n\tm := map[any]int{}\n\tm[1] = 1\n\t_ = T{}\n}\n", ""},
		{"never-set pointer stored in an interface",
			"package main\n\ntype T int\n\nfunc (T) F() {}\n\ntype I interface{ F() }\n\nvar t *T\n\nfunc main() {\n\tvar i I = t\n\t_ = i\n}\n",
			"12:12: storing t, a pointer that is never set (nil), in an interface"},
		{"pointer set before it is stored in an interface",
			"package main\n\ntype T int\n\nfunc (T) F() {}\n\ntype I interface{ F() }\n\nvar t *T\n\nfunc main() {\n\tt = new(T)\n\tvar i I = t\n\t_ = i\n}\n", ""},
		{"clear of a map with float keys",
			"package main\n\nfunc main() {\n\tm := map[float64]int{1: 1}\n\tclear(m)\n}\n",
			"5:2: clear of a map with floating-point or interface keys"},
		{"clear of a map with struct keys holding an interface",
			"package main\n\ntype K struct{ v any }\n\nfunc main() {\n\tm := map[K]int{}\n\tclear(m)\n}\n",
			"7:2: clear of a map with floating-point or interface keys"},
		{"local slice type asserted to its representation",
			"package main\n\nfunc main() {\n\ttype names []string\n\tvar a any = names{\"x\"}\n\t_, ok := a.([]string)\n\tprintln(ok)\n}\n\nfunc other() { type names int }\n",
			"4:7: type names, declared inside a function, in a program that tells types apart in interfaces"},
		{"local struct type printed with %T",
			"package main\n\nimport \"fmt\"\n\nfunc main() {\n\ttype point struct{ X int }\n\tfmt.Printf(\"%T\\n\", any(point{1}))\n}\n\nfunc other() { type point int }\n",
			"6:7: struct type point, declared inside a function, in a program that prints type names"},
		{"local struct type with the fields of another",
			"package main\n\ntype pos struct{ X [1]int }\n\nfunc main() {\n\tconst n = 1\n\ttype point struct{ X [n]int }\n\tvar a any = pos{}\n\t_, ok := a.(point)\n\tprintln(ok)\n}\n",
			"7:7: struct type point, declared inside a function"},
		{"key of an error-keyed map that may be the program's error",
			"package main\n\ntype E int\n\nfunc (E) Error() string { return \"e\" }\n\nfunc main() {\n\tm := map[error]int{}\n\tm[E(1)]++\n}\n",
			"9:4: a key of a map[error]int that may be a main.E"},
		{"string keys beside the program's error type",
			"package main\n\ntype E int\n\nfunc (E) Error() string { return \"e\" }\n\nfunc main() {\n\tm := map[string]int{}\n\tm[E(1).Error()]++\n}\n", ""},
		{"struct with a value-receiver Unwrap in an error",
			"package main\n\nimport \"errors\"\n\ntype W struct{ err error }\n\nfunc (w W) Error() string { return \"w\" }\nfunc (w W) Unwrap() error { return w.err }\n\nfunc main() {\n\tvar err error = W{}\n\tprintln(errors.Is(err, errors.ErrUnsupported))\n}\n",
			"11:18: storing a main.W (a struct with a value-receiver Unwrap method) in an interface"},
		{"pointer with an Unwrap method in an error",
			"package main\n\nimport \"errors\"\n\ntype W struct{ err error }\n\nfunc (w *W) Error() string { return \"w\" }\nfunc (w *W) Unwrap() error { return w.err }\n\nfunc main() {\n\tvar err error = &W{}\n\tprintln(errors.Is(err, errors.ErrUnsupported))\n}\n", ""},
		{"assertion from error to a type a struct's field would pass for",
			"package main\n\ntype Code int\n\nfunc (Code) Error() string { return \"c\" }\n\ntype V struct{ N int }\n\nfunc (V) Error() string { return \"v\" }\n\nfunc main() {\n\tvar err error = V{1}\n\t_, ok := err.(Code)\n\tprintln(ok)\n}\n",
			"13:16: asserting an error value to main.Code, in a program where a main.V in an error would pass for one"},
		{"assertion from fmt.Stringer to a non-struct type",
			"package main\n\nimport \"fmt\"\n\ntype Code int\n\nfunc (Code) String() string { return \"c\" }\n\nfunc main() {\n\tvar s fmt.Stringer = Code(1)\n\t_, ok := s.(Code)\n\tprintln(ok)\n}\n", ""},
		{"Stringer that may hold a string type printed beside other operands",
			"package main\n\nimport \"fmt\"\n\ntype Name string\n\nfunc (n Name) String() string { return string(n) }\n\nfunc main() {\n\tvar s fmt.Stringer = Name(\"a\")\n\tfmt.Print(1, s)\n}\n",
			"11:15: printing a fmt.Stringer that may hold a main.Name beside other operands with Print"},
		{"Stringer that may hold a string type printed alone",
			"package main\n\nimport \"fmt\"\n\ntype Name string\n\nfunc (n Name) String() string { return string(n) }\n\nfunc main() {\n\tvar s fmt.Stringer = Name(\"a\")\n\tfmt.Print(s)\n\tfmt.Println(1, s)\n}\n", ""},
		{"%s with a width of a nil pointer to a struct holding an error",
			"package main\n\nimport \"fmt\"\n\ntype E struct{}\n\nfunc (E) Error() string { return \"e\" }\n\ntype T struct {\n\tB *T\n\tE error\n}\n\nfunc main() {\n\tvar p *T\n\tfmt.Printf(\"%10s|%s\\n\", p, p)\n}\n",
			"16:26: %s with a width or precision of a *main.T value is not supported"},
		{"struct types with methods and the same fields told apart",
			"package main\n\ntype A struct{ n int }\n\nfunc (A) M() {}\n\ntype B struct{ n int }\n\nfunc (B) M() {}\n\nfunc main() {\n\tvar x any = B{1}\n\t_, ok := x.(A)\n\tprintln(ok)\n}\n", ""},
		{"struct types with methods and no fields told apart",
			"package main\n\ntype A struct{}\n\nfunc (A) M() {}\n\ntype B struct{}\n\nfunc (B) M() {}\n\nfunc main() {\n\tvar x any = B{}\n\t_, ok := x.(A)\n\tprintln(ok)\n}\n",
			"7:6: struct types A and B, with methods and the same fields, told apart in an interface"},
		{"struct types with methods and the same fields told apart, with an unnamed struct of their fields",
			"package main\n\ntype A struct{ n int }\n\nfunc (A) M() {}\n\ntype B struct{ n int }\n\nfunc (B) M() {}\n\nfunc main() {\n\tvar x any = B{1}\n\t_, ok := x.(A)\n\tprintln(ok, struct{ n int }{2}.n)\n}\n",
			"7:6: struct types A and B, with methods and the same fields, told apart in an interface"},
		{"struct types with methods and the same fields, one only as a pointer",
			"package main\n\ntype A struct{ n int }\n\nfunc (A) M() {}\n\ntype B struct{ n int }\n\nfunc (*B) M() {}\n\nfunc main() {\n\tvar x any = &B{1}\n\t_, ok := x.(A)\n\tprintln(ok)\n}\n", ""},
		{"errors.Is where an error may hold a value struct",
			"package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\ntype E struct{ k string }\n\nfunc (e E) Error() string { return e.k }\n\nfunc main() {\n\tw := fmt.Errorf(\"w: %w\", E{\"a\"})\n\tprintln(errors.Is(w, E{\"a\"}))\n}\n",
			"14:10: errors.Is in a program where an error may hold a main.E"},
		{"errors.Is with a sentinel where an error may hold a value struct",
			"package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\ntype E struct{ k string }\n\nfunc (e E) Error() string { return e.k }\n\nvar ErrBusy = errors.New(\"busy\")\n\nfunc main() {\n\tw := fmt.Errorf(\"w: %w\", E{\"a\"})\n\tprintln(errors.Is(w, ErrBusy))\n}\n", ""},
		{"errors.Unwrap result compared where an error may hold a value struct",
			"package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\ntype E struct{ k string }\n\nfunc (e E) Error() string { return e.k }\n\nfunc main() {\n\tvar x error = E{\"a\"}\n\tprintln(errors.Unwrap(fmt.Errorf(\"%w\", x)) == x)\n}\n",
			"14:45: comparing an error value that may hold a main.E"},
		{"fallthrough out of a default clause that is not the last",
			"package main\n\nfunc main() {\n\tn := 0\n\tswitch {\n\tdefault:\n\t\tn++\n\t\tfallthrough\n\tcase false:\n\t\tn++\n\t}\n\tprintln(n)\n}\n",
			"8:3: fallthrough out of a default clause that is not the last clause"},
		{"fallthrough into a default clause",
			"package main\n\nfunc main() {\n\tn := 0\n\tswitch n {\n\tcase 0:\n\t\tn++\n\t\tfallthrough\n\tdefault:\n\t\tn++\n\t}\n\tprintln(n)\n}\n", ""},
		{"struct types with methods and the same fields, only asserted to",
			"package main\n\ntype I interface{ M() }\n\ntype A struct{}\n\nfunc (A) M() {}\n\ntype B struct{}\n\nfunc (B) M() {}\n\nfunc main() {\n\tvar x I\n\tswitch x.(type) {\n\tcase A:\n\tcase B:\n\t}\n}\n", ""},
		{"struct types with methods and the same fields, %T of a concrete operand",
			"package main\n\nimport \"fmt\"\n\ntype A struct{ n int }\n\nfunc (A) M() {}\n\ntype B struct{ n int }\n\nfunc (B) M() {}\n\nfunc main() {\n\tvar x any = B{1}\n\tfmt.Printf(\"%T %v\\n\", A{}, x)\n}\n", ""},
		{"struct types with methods and the same fields, %T of an interface",
			"package main\n\nimport \"fmt\"\n\ntype A struct{ n int }\n\nfunc (A) M() {}\n\ntype B struct{ n int }\n\nfunc (B) M() {}\n\nfunc main() {\n\tvar x any = B{1}\n\tfmt.Printf(\"%v %T\\n\", A{}, x)\n}\n", ""},
		{"clear of a map with string keys",
			"package main\n\nfunc main() {\n\tm := map[string]int{\"a\": 1}\n\tclear(m)\n}\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog, diags := Check([]byte(tt.src), Options{})
			if tt.want == "" {
				require.Empty(t, diags, "source:\n%s", tt.src)
				assert.NotNil(t, prog)
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
