package main

import "fmt"

type Code int

func (c Code) String() string { return fmt.Sprintf("status %d", int(c)) }

func main() {
	var st fmt.Stringer = Code(4)
	switch v := st.(type) {
	case Code:
		fmt.Println("code", int(v))
	default:
		fmt.Println("other")
	}
	fmt.Println(st.(Code))
}
