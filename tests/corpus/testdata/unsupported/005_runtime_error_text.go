package main

import "fmt"

func main() {
	defer func() { fmt.Println("recovered:", recover()) }()
	var s []int
	fmt.Println(s[5])
}
