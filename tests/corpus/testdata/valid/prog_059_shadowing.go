package main

import "fmt"

var x = "package"

func main() {
	fmt.Println(x)
	x := "function"
	fmt.Println(x)
	{
		x := "block"
		fmt.Println(x)
	}
	if x := 3; x > 2 {
		fmt.Println("if", x)
	} else {
		fmt.Println("else", x)
	}
	fmt.Println(x)
	err := fmt.Errorf("outer")
	if true {
		err := fmt.Errorf("inner")
		_ = err
	}
	fmt.Println(err)
}
