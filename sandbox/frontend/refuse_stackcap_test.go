package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRefuseStackCapacity(t *testing.T) {
	const capMsg = "the capacity of a slice that go run may grow on the stack is not supported by the playground"
	const appendMsg = "an append to a slice that go run may grow on the stack, its result not assigned back to the slice, is not supported by the playground"
	const sharedMsg = "an append to a slice that may share its array with another slice is not supported by the playground"
	tests := []struct {
		name string
		body string // main's package, after package main and import "fmt"
		want string // "line:col: start of the message", "" when the program compiles
	}{
		{"cap of a slice grown in a loop",
			"func main() {\n\tvar t []int\n\tfor i := 0; i < 5; i++ {\n\t\tt = append(t, i)\n\t\tfmt.Println(len(t), cap(t))\n\t}\n}\n",
			"11:23: " + capMsg},
		{"two appends to a slice that stays",
			"func main() {\n\tvar s []int\n\ts = append(s, 1)\n\ta := append(s, 2)\n\tc := append(s, 3)\n\tfmt.Println(a[1], c[1])\n}\n",
			"10:7: " + appendMsg},
		{"cap of a parameter whose argument stays in its caller",
			"func show(s []int) { fmt.Println(len(s), cap(s)) }\n\nfunc main() {\n\tvar t []int\n\tt = append(t, 1, 2, 3)\n\tshow(t)\n}\n",
			"7:42: " + capMsg},
		{"reslice to the capacity",
			"func main() {\n\tvar e []int\n\te = append(e, 1)\n\te = e[:cap(e)]\n\tfmt.Println(len(e))\n}\n",
			"10:9: " + capMsg},
		{"cap of a byte slice",
			"func main() {\n\tvar bs []byte\n\tbs = append(bs, 'x')\n\tfmt.Println(cap(bs))\n}\n",
			"10:14: " + capMsg},
		{"cap of a string converted to bytes",
			"func main() {\n\tb := []byte(\"hi\")\n\tfmt.Println(cap(b))\n}\n",
			"9:14: " + capMsg},
		{"3-index slice of a slice that stays",
			"func main() {\n\tvar s []int\n\ts = append(s, 1)\n\tt := s[0:1:2]\n\tfmt.Println(len(t))\n}\n",
			"10:7: a 3-index slice of a slice that go run may grow on the stack is not supported"},
		{"append to a local struct's field",
			"type T struct{ f []int }\n\nfunc main() {\n\tvar x T\n\tx.f = append(x.f, 1)\n\tp := &x\n\tfmt.Println(cap(p.f))\n}\n",
			"13:14: " + capMsg},
		{"cap of a result of the program's function",
			"func mk() []int {\n\tvar s []int\n\treturn append(s, 1)\n}\n\nfunc main() { fmt.Println(cap(mk())) }\n",
			"12:27: " + capMsg},
		{"cap of a copy of a slice that stays",
			"func main() {\n\tvar s []int\n\ts = append(s, 1)\n\tb := s[:1]\n\tfmt.Println(cap(b))\n}\n",
			"11:14: " + capMsg},
		{"cap of a parameter of a function value",
			"func main() {\n\tf := func(s []int) int { return cap(s) }\n\tfmt.Println(f(nil))\n}\n",
			"8:34: " + capMsg},

		{"the Tour of Go's printSlice",
			"func main() {\n\tvar s []int\n\tprintSlice(s)\n\ts = append(s, 0)\n\tprintSlice(s)\n\ts = append(s, 2, 3, 4)\n\tprintSlice(s)\n}\n\nfunc printSlice(s []int) {\n\tfmt.Printf(\"len=%d cap=%d %v\\n\", len(s), cap(s), s)\n}\n", ""},
		{"a slice printed with fmt elsewhere in its function",
			"func main() {\n\tvar s []int\n\ts = append(s, 1)\n\tfmt.Println(cap(s))\n\tfmt.Println(s)\n}\n", ""},
		{"a field appended through a pointer",
			"type Log struct{ lines []string }\n\nfunc (l *Log) Add(s string) { l.lines = append(l.lines, s) }\n\nfunc main() {\n\tvar l Log\n\tl.Add(\"a\")\n\tfmt.Println(cap(l.lines), append(l.lines, \"b\"))\n}\n", ""},
		{"a slice stored in a package-level variable by a callee",
			"var saved [][]int\n\nfunc keep(s []int) { saved = append(saved, s) }\n\nfunc main() {\n\tvar s []int\n\ts = append(s, 1)\n\tkeep(s)\n\tfmt.Println(cap(s))\n}\n",
			"15:14: " + capMsg},
		{"a slice sent on a channel",
			"func main() {\n\tch := make(chan []int, 1)\n\tvar s []int\n\ts = append(s, 1)\n\tch <- s\n\tfmt.Println(cap(s))\n}\n", ""},
		{"a slice used by a goroutine",
			"func main() {\n\tdone := make(chan bool)\n\tvar s []int\n\ts = append(s, 1)\n\tgo func() { _ = s; done <- true }()\n\t<-done\n\tfmt.Println(cap(s))\n}\n",
			"13:14: " + capMsg},
		{"elements of more than 32 bytes",
			"type big struct{ a, b, c, d, e int64 }\n\nfunc main() {\n\tvar s []big\n\ts = append(s, big{})\n\tfmt.Println(cap(s))\n}\n", ""},
		{"capacities the program fixes",
			"func main() {\n\tm := make([]int, 2, 10)\n\tt := []int{1, 2, 3}\n\tvar a [4]int\n\tfmt.Println(cap(m), cap(t[1:]), cap(a[:2]))\n}\n", ""},
		{"the elements of a slice of slices ranged over",
			"func main() {\n\txs := [][]int{{1}, make([]int, 0, 4)}\n\tfor _, x := range xs {\n\t\tfmt.Println(cap(x))\n\t}\n}\n",
			"10:15: " + capMsg},
		{"cap of a slice returned after appends, printed",
			"func collect(n int) []int {\n\tvar s []int\n\tfor i := 0; i < n; i++ {\n\t\ts = append(s, i)\n\t}\n\treturn s\n}\n\nfunc main() {\n\tu := collect(3)\n\tfmt.Println(cap(u), u)\n}\n",
			"17:14: " + capMsg},
		{"cap of a package-level copy of a slice grown in place",
			"var saved []int\n\nfunc main() {\n\tvar t []int\n\tt = append(t, 1)\n\tt = append(t, 2)\n\tsaved = t\n\tfmt.Println(cap(saved))\n}\n",
			"14:14: " + capMsg},
		{"appends to two copies of a slice",
			"func main() {\n\tvar s []int\n\ts = append(s, 1)\n\tt := s\n\tt = append(t, 2)\n\tfmt.Println(t[1])\n}\n",
			"11:6: " + sharedMsg},
		{"a slice printed only under a false constant",
			"const debug = false\n\nfunc main() {\n\tvar s []int\n\ts = append(s, 1)\n\tif debug {\n\t\tfmt.Println(s)\n\t}\n\tfmt.Println(cap(s))\n}\n",
			"15:14: " + capMsg},
		{"a slice printed only after a return",
			"func main() {\n\tvar s []int\n\ts = append(s, 1)\n\tfmt.Println(cap(s))\n\treturn\n\tfmt.Println(s)\n}\n",
			"10:14: " + capMsg},
		{"a slice printed only in a function literal",
			"func main() {\n\tvar s []int\n\ts = append(s, 1)\n\tf := func() { fmt.Println(s) }\n\t_ = f\n\tfmt.Println(cap(s))\n}\n",
			"12:14: " + capMsg},
		{"a slice passed once to a function that prints it",
			"func show(p []int) { fmt.Println(p) }\n\nfunc main() {\n\tvar s []int\n\ts = append(s, 1)\n\ts = append(s, 2)\n\ts = append(s, 3)\n\tshow(s)\n\tfmt.Println(cap(s))\n}\n",
			"15:14: " + capMsg},
		{"cap of an append to an empty made slice",
			"func main() {\n\ts := make([]int, 0)\n\tfmt.Println(cap(append(s, 1)))\n}\n",
			"9:14: " + capMsg},
		{"an append to an empty array's slice",
			"func main() {\n\tvar a [0]int\n\tfmt.Println(cap(append(a[:], 1)))\n}\n",
			"9:14: " + capMsg},
		{"a slice whose address is taken",
			"func grow(p *[]int) { *p = append(*p, 1) }\n\nfunc main() {\n\ts := []int{}\n\tgrow(&s)\n\tfmt.Println(cap(s))\n}\n",
			"12:14: " + capMsg},
		{"the elements of a slice of slices grown in a loop ranged over",
			"func main() {\n\tvar x []int\n\tx = append(x, 1)\n\txs := [][]int{x}\n\tfor _, y := range xs {\n\t\tfmt.Println(cap(y))\n\t}\n}\n",
			"12:15: " + capMsg},
		{"a slice passed to a printing function twice, and its parameter",
			"func show(p []int) { fmt.Println(len(p), cap(p), p) }\n\nfunc main() {\n\tvar s []int\n\ts = append(s, 1)\n\tshow(s)\n\ts = append(s, 2)\n\tshow(s)\n\tfmt.Println(cap(s))\n}\n", ""},
		{"a slice built by a function from made and literal slices",
			"func pick(a bool) []int {\n\tif a {\n\t\treturn make([]int, 1, 8)\n\t}\n\ts := []int{1, 2}\n\treturn s[1:]\n}\n\nfunc main() { fmt.Println(cap(pick(true)), cap(pick(false))) }\n", ""},
		{"a field grown through a pointer and stored from literals",
			"type T struct{ f []int }\n\nfunc (t *T) add(v int) { t.f = append(t.f, v) }\n\nfunc main() {\n\tx := T{f: []int{1}}\n\tx.add(2)\n\tfmt.Println(cap(x.f))\n}\n", ""},
		{"a slice printed after an if that returns",
			"func main() {\n\tvar s []int\n\ts = append(s, 1)\n\tif len(s) > 5 {\n\t\treturn\n\t}\n\tfmt.Println(cap(s), s)\n}\n", ""},
		{"appends assigned back, the delete idiom and a copy",
			"func main() {\n\tvar s []int\n\tfor i := 0; i < 4; i++ {\n\t\ts = append(s, i)\n\t}\n\ts = append(s[:1], s[2:]...)\n\tc := append([]int(nil), s...)\n\tfmt.Println(len(s), len(c))\n}\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "package main\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n\n" + tt.body
			prog, diags := Check([]byte(src), Options{})
			if tt.want == "" {
				require.Empty(t, diags, "source:\n%s", src)
				assert.NotNil(t, prog)
				return
			}
			require.NotEmpty(t, diags, "want %q, source:\n%s", tt.want, src)
			got := itoa(diags[0].Line) + ":" + itoa(diags[0].Column) + ": " + diags[0].Message
			assert.True(t, strings.HasPrefix(got, tt.want), "want %q, got %q", tt.want, got)
			assert.Equal(t, KindUnsupported, diags[0].Kind, "got %q", got)
		})
	}
}
