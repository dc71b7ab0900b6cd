package main

import "fmt"

func main() {
	fmt.Println(backof(3))
}
