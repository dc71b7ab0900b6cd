// Slicing a string past its end and calling a method on a nil
// interface are the program's run-time errors, recovered as Go's (the
// interpreter's reflect panics were reported as its own failures).
package main

import (
	"fmt"
	"strings"
)

type Shape interface{ Area() float64 }

func try(name string, f func()) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		fmt.Println(name+":", ok, err)
	}()
	f()
}

func main() {
	s := "héllo"
	n := 10
	try("string slice", func() { fmt.Println(s[n:]) })
	try("string slice low", func() { fmt.Println(s[3:n]) })
	var sh Shape
	try("nil interface", func() { fmt.Println(sh.Area()) })
	var st fmt.Stringer
	try("nil stringer", func() { fmt.Println(st.String()) })
	var b *strings.Builder
	try("fine", func() { fmt.Println(b == nil, s[1:3]) })
}
