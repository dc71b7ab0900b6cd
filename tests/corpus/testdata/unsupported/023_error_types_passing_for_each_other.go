package main

import "fmt"

type Code int

func (c Code) Error() string { return fmt.Sprint("code ", int(c)) }

type ValErr struct{ N int }

func (v ValErr) Error() string { return "valerr" }

func get() error { return ValErr{7} }

func main() {
	c, ok := get().(Code)
	fmt.Println(c, ok)
}
