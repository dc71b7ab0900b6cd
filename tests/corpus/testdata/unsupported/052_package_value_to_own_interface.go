// A value of a package's type (a *strings.Reader in an io.Reader, a
// clock in a clock.Clock) asserted to an interface type the program
// declares: the interpreter does not see the package type's methods
// there and answered false (a package's own interface, io.Seeker, is
// found). Go prints true true.
package main

import (
	"fmt"
	"io"
	"strings"
)

type sized interface{ Len() int }

type reader interface {
	Read(p []byte) (int, error)
}

func main() {
	var r io.Reader = strings.NewReader("payload")
	_, hasLen := r.(sized)
	_, isReader := r.(reader)
	fmt.Println(hasLen, isReader)
}
