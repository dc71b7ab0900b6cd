package main

import (
	"fmt"
	"os"
)

type prefix struct{ p string }

func (w prefix) Write(b []byte) (int, error) {
	os.Stdout.WriteString(w.p)
	return os.Stdout.Write(b)
}

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type logger struct{ out prefix }

func main() {
	args := []any{"a", Temp(21.5)}
	fmt.Fprintln(prefix{"> "}, args...)
	l := logger{prefix{"# "}}
	fmt.Fprintln(l.out, args...)
	fmt.Fprintf(l.out, "%v %d\n", Temp(2), 3)
	p := prefix{"- "}
	fmt.Fprint(p, "x", 1, "\n")
}
