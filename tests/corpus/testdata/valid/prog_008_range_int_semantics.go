package main

import "fmt"

func main() {
	n := 3
	for i := range n {
		n = 10
		i += 100
		fmt.Print(i, " ")
	}
	fmt.Println(n)
	var last int
	for last = range 4 {
	}
	fmt.Println("last", last)
	for i := range 0 {
		fmt.Println("never", i)
	}
}
