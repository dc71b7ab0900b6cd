package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func main() {
	fmt.Println(reverse("backoff"), reverse("héllo"))
	fmt.Println(strings.Count("cheese", "e"), strings.LastIndex("go gopher", "go"))
	fmt.Println(strings.Title("x") == "X", strings.TrimFunc("123abc456", func(r rune) bool { return r >= '0' && r <= '9' }))
	fmt.Println(strings.Map(func(r rune) rune {
		if r == 'a' {
			return 'A'
		}
		return r
	}, "banana"))
	fmt.Println(strings.SplitN("a:b:c", ":", 2), strings.TrimRight("xx!!", "!"), strings.ToTitle("go"))
	fmt.Println(utf8.RuneCountInString(strings.Repeat("é", 4)))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;")
	fmt.Println(r.Replace("<b>"))
}
