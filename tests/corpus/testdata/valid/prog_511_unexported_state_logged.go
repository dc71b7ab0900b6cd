// A breaker with unexported fields, its state a type with a String
// method, logged through a spread with %v and %+v: fmt calls no method
// through an unexported field, and progfmt names the fields.
package main

import "fmt"

type State int

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

type Breaker struct {
	name  string
	state State
	fails int
}

func logf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func main() {
	b := &Breaker{"api", 1, 3}
	logf("%v %+v", b, b)
	logf("%v %+v", *b, *b)
	var x any = b
	fmt.Printf("%+v %v\n", x, x)
}
