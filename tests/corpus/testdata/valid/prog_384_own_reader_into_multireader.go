package main

import (
	"fmt"
	"io"
	"strings"
)

type upperReader struct{ src io.Reader }

func (u upperReader) Read(p []byte) (int, error) {
	n, err := u.src.Read(p)
	copy(p, strings.ToUpper(string(p[:n])))
	return n, err
}

func main() {
	r := io.MultiReader(upperReader{strings.NewReader("abc ")}, strings.NewReader("def"))
	b, _ := io.ReadAll(r)
	fmt.Println(string(b))
	var sb strings.Builder
	w := io.MultiWriter(&sb, &sb)
	fmt.Fprint(w, "x")
	fmt.Println(sb.String())
	tr := io.TeeReader(upperReader{strings.NewReader("tee")}, &sb)
	io.ReadAll(tr)
	fmt.Println(sb.String())
}
