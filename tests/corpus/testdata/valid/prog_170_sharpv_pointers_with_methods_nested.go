package main

import (
	"fmt"
	"strings"
)

// %#v of values of the program's types with methods held in []any,
// map[string]any and a struct field: each prints with its own type's name.

type PtrErr struct{ Code int }

func (e *PtrErr) Error() string { return fmt.Sprintf("ptrerr %d", e.Code) }

type Ref struct{ N int }

func (r *Ref) String() string { return fmt.Sprint("ref-", r.N) }

type Val struct{ Num int }

func (v Val) Show() string { return fmt.Sprint("val-", v.Num) }

type Box struct {
	V   any
	Tag string
}

// masked replaces every address fmt prints (0x...) by 0xADDR.
func masked(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "0x")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i] + "0xADDR")
		s = s[i+2:]
		for len(s) > 0 && strings.IndexByte("0123456789abcdef", s[0]) >= 0 {
			s = s[1:]
		}
	}
}

func main() {
	list := []any{&PtrErr{1}, &Ref{2}, Val{3}}
	fmt.Println(masked(fmt.Sprintf("%#v", list)))
	var grown []any
	for i := range 2 {
		grown = append(grown, &Ref{i})
	}
	fmt.Println(masked(fmt.Sprintf("%#v", grown)))
	m := map[string]any{"a": &PtrErr{4}, "b": Val{5}}
	fmt.Println(masked(fmt.Sprintf("%#v", m)))
	fmt.Println(masked(fmt.Sprintf("%#v", Box{V: &Ref{6}, Tag: "t"})))
	fmt.Println(masked(fmt.Sprintf("%#v", Box{V: Val{7}, Tag: "u"})))
	keys := map[any]int{&PtrErr{8}: 1}
	fmt.Println(masked(fmt.Sprintf("%#v", keys)))
	fmt.Printf("%v %+v\n", list, Box{V: Val{9}})
}
