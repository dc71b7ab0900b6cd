package main

import "fmt"

func main() {
	for i := range 4 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	n := int64(3)
	for i := range n {
		fmt.Printf("%T=%d ", i, i)
	}
	fmt.Println()
	count := 0
	for range 5 {
		count++
	}
	fmt.Println("count", count)
	for i := range 3 {
		for j := range i {
			fmt.Print(i, j, ";")
		}
	}
	fmt.Println()
}
