// A struct of the program embedding a package's type with a String
// method (time.Month, time.Duration, time.Time) printed directly: fmt
// calls the promoted method for %v %s %q %x %X, and prints the fields for
// the other verbs. The interpreter's fmt does not find a promoted method
// for a value (it panicked: "method not found: String"), so the front
// end calls it. Through a pointer, or nested in a slice, map or struct,
// the interpreter's fmt finds it: those printed as in Go and had been
// refused, as had %d of such a struct.
package main

import (
	"fmt"
	"strings"
	"time"
)

type period struct {
	time.Month
	Year int
}

type span struct {
	time.Duration
	Retries int
}

type stamp struct {
	time.Time
	Note string
}

type entry struct {
	When  period
	Spans []span
}

type logBuf struct {
	*strings.Builder
	lines int
}

func main() {
	p := period{time.March, 2024}
	fmt.Println(p, "and", p)
	fmt.Printf("%v|%s|%q|%+v|%8v|%d\n", p, p, p, p, p, p)
	s := span{1500 * time.Millisecond, 2}
	fmt.Println(s)
	out := fmt.Sprintf("%v after %d retries", s, s.Retries)
	fmt.Println(out, fmt.Sprintln(s))
	st := stamp{time.Unix(5, 0).UTC(), "boot"}
	fmt.Println(st)
	b := logBuf{&strings.Builder{}, 1}
	b.WriteString("hi")
	fmt.Println(b.String(), b.lines)
	fmt.Println(&p, []period{p}, entry{p, []span{s}}, map[string]*period{"q1": &p})
	fmt.Printf("%d %d|%5d|%t\n", p, &p, s, s)
}
