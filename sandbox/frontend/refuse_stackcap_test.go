package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRefuseStackCapacity(t *testing.T) {
	const capMsg = "the capacity of a slice that stays in its function is not supported by the playground"
	const appendMsg = "an append to a slice that stays in its function, its result not assigned back to the slice, is not supported by the playground"
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
			"10:7: a 3-index slice of a slice that stays in its function is not supported"},
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
			"var saved [][]int\n\nfunc keep(s []int) { saved = append(saved, s) }\n\nfunc main() {\n\tvar s []int\n\ts = append(s, 1)\n\tkeep(s)\n\tfmt.Println(cap(s))\n}\n", ""},
		{"a slice sent on a channel",
			"func main() {\n\tch := make(chan []int, 1)\n\tvar s []int\n\ts = append(s, 1)\n\tch <- s\n\tfmt.Println(cap(s))\n}\n", ""},
		{"a slice used by a goroutine",
			"func main() {\n\tdone := make(chan bool)\n\tvar s []int\n\ts = append(s, 1)\n\tgo func() { _ = s; done <- true }()\n\t<-done\n\tfmt.Println(cap(s))\n}\n", ""},
		{"elements of more than 32 bytes",
			"type big struct{ a, b, c, d, e int64 }\n\nfunc main() {\n\tvar s []big\n\ts = append(s, big{})\n\tfmt.Println(cap(s))\n}\n", ""},
		{"capacities the program fixes",
			"func main() {\n\tm := make([]int, 2, 10)\n\tt := []int{1, 2, 3}\n\tvar a [4]int\n\tfmt.Println(cap(m), cap(t[1:]), cap(a[:2]))\n}\n", ""},
		{"the elements of a slice of slices ranged over",
			"func main() {\n\txs := [][]int{{1}, make([]int, 0, 4)}\n\tfor _, x := range xs {\n\t\tfmt.Println(cap(x))\n\t}\n}\n", ""},
		{"the elements of a slice of slices grown in a loop ranged over",
			"func main() {\n\tvar x []int\n\tx = append(x, 1)\n\txs := [][]int{x}\n\tfor _, y := range xs {\n\t\tfmt.Println(cap(y))\n\t}\n}\n",
			"12:15: " + capMsg},
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
