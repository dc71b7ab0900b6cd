// %s of nil pointers to the program's struct types, at the top and in
// fields, in a program that declares an error type: fmt names the type
// (%!s(*main.T=<nil>)).
package main

import (
	"errors"
	"fmt"
)

type MyErr struct{ Code int }

func (e MyErr) Error() string { return fmt.Sprintf("my error %d", e.Code) }

type T struct {
	B *T
	E error
}

type Pair struct {
	Left, Right *T
	Note        string
}

func main() {
	var p *T
	fmt.Printf("%s\n", p)
	fmt.Printf("%v\n", p)
	fmt.Printf("%s\n", &T{})
	fmt.Printf("%s\n", &T{B: &T{}, E: errors.New("plain")})
	fmt.Printf("%s|%s\n", p, &T{E: MyErr{7}})
	fmt.Printf("%s\n", Pair{Right: &T{}, Note: "n"})
	fmt.Printf("%v\n", Pair{Note: "v"})
	fmt.Println(MyErr{1})
	s := fmt.Sprintf("%s", p)
	fmt.Println(len(s), s)
}
