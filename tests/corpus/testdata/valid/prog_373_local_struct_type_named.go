package main

import "fmt"

func main() {
	type point struct{ X, Y int }
	var a any = point{1, 2}
	fmt.Printf("%T %+v\n", a, a)
}
