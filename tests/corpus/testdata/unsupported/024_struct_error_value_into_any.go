package main

import "fmt"

type ValErr struct{ Field string }

func (v ValErr) Error() string { return "invalid " + v.Field }

func check() error { return ValErr{"name"} }

func main() {
	var v any = check()
	_, ok := v.(ValErr)
	fmt.Printf("%T %v\n", v, ok)
}
