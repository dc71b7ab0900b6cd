package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	s := "héllo, 世界"
	fmt.Println(len(s), utf8.RuneCountInString(s))
	for i, r := range s {
		fmt.Print(i, ":", string(r), " ")
	}
	fmt.Println()
	runes := []rune(s)
	fmt.Println(len(runes), string(runes[7:]))
	r, size := utf8.DecodeRuneInString("世")
	fmt.Println(r, size, string(r), utf8.RuneLen('é'))
	b := []byte("abc")
	b[0] = 'A'
	fmt.Println(string(b), b)
	fmt.Printf("%c %U %q\n", runes[1], runes[1], runes[8])
	fmt.Println(utf8.ValidString(s))
}
