package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
)

func titleWords(s string) string {
	var b bytes.Buffer
	up := true
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			up = true
			b.WriteRune(r)
		case up:
			b.WriteRune(unicode.ToUpper(r))
			up = false
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func main() {
	fmt.Println(titleWords("hello wORLD  from gö"))
	fmt.Println(unicode.IsLetter('é'), unicode.IsDigit('٣'), unicode.IsPunct('!'), unicode.Is(unicode.Han, '世'))
	fmt.Println(strings.FieldsFunc("a1b22c333", unicode.IsDigit))
	data := []byte("retry-after: 30")
	key, value, found := bytes.Cut(data, []byte(": "))
	fmt.Println(string(key), string(value), found)
	fmt.Println(bytes.Equal([]byte("x"), []byte("x")), bytes.Contains(data, []byte("after")), bytes.Count(data, []byte("t")))
	fmt.Printf("%q\n", bytes.Fields([]byte("  a b  c ")))
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%d-%s", 42, "x")
	buf.WriteByte('!')
	fmt.Println(buf.String(), buf.Len())
	fmt.Println(string(bytes.TrimSpace([]byte("  padded  "))), string(bytes.ToUpper([]byte("abc"))))
}
