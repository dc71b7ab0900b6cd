// A struct of the program embedding a package's type with a String
// method (time.Duration, time.Time, *bytes.Buffer) has that method, and
// fmt calls it. The interpreter's fmt does not find it: printing the
// struct panicked ("method not found: String") and, once the value was
// in an interface, the whole process failed. It is refused where fmt
// would get it; calling the method is fine. Go prints 1.5s req / 1.5s.
package main

import (
	"fmt"
	"time"
)

type Span struct {
	time.Duration
	Label string
}

func main() {
	s := Span{1500 * time.Millisecond, "req"}
	fmt.Println(s, s.Label)
	var x any = s
	fmt.Println(x)
}
