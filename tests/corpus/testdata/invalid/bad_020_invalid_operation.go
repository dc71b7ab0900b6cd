package main

import "fmt"

func main() {
	var d float64 = 1.5
	var n int = 2
	fmt.Println(d * n)
	var m map[string]int
	fmt.Println(m == m)
}
