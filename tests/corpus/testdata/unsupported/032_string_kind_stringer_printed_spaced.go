// A fmt.Stringer holding a value of the program's string type with a
// String method, printed with Sprint beside other operands: the
// interpreter holds the value in a wrapper that hides its type, so the
// spaces fmt puts between operands cannot be told (Go puts none beside a
// string); it is refused. Go prints 1name:bo2.
package main

import "fmt"

type Name string

func (n Name) String() string { return "name:" + string(n) }

func main() {
	var s fmt.Stringer = Name("bo")
	fmt.Println(fmt.Sprint(1, s, 2))
}
