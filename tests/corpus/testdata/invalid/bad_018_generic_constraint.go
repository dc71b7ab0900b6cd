package main

import "fmt"

type Number interface{ ~int | ~float64 }

func Sum[T Number](xs ...T) T {
	var t T
	for _, x := range xs {
		t += x
	}
	return t
}

func main() {
	fmt.Println(Sum("a", "b"))
}
