package main

import "fmt"

type token struct{}

// Whether two pointers to distinct zero-size variables are equal is left to
// the implementation. go run prints "false" here (the two tokens stay in
// main, each in its own place) and "true" once either is printed; the
// interpreter gives every zero-size value one address.
func main() {
	a, b := &token{}, &token{}
	fmt.Println(a == b)
}
