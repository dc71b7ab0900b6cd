package main

import "fmt"

type Number interface{ ~int | ~float64 }

func Smallest[T Number](a, b T) T { return min(a, b) }

func main() {
	fmt.Println(Smallest(3, 2))
}
