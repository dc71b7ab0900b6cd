package main

import "fmt"

type Code int

func (c Code) String() string { return fmt.Sprintf("code-%d", int(c)) }

func main() {
	seen := map[any]int{Code(1): 2}
	fmt.Printf("%+v\n", seen)
}
