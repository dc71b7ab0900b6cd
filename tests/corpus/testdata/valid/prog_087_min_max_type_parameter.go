package main

import (
	"fmt"
	"math"
)

type Number interface{ ~int | ~float64 | ~string }

type Celsius float64

func Smallest[T Number](a, b T) T { return min(a, b) }

func Largest[T Number](vals ...T) T {
	m := vals[0]
	for _, v := range vals[1:] {
		m = max(m, v)
	}
	return m
}

func Spread[T ~int | ~float64](a, b, c T) T { return max(a, b, c) - min(a, b, c) }

func main() {
	fmt.Println(Smallest(3, 2), Smallest("b", "a"), Smallest(Celsius(-1), 4))
	fmt.Println(Largest(1, 9, 4), Largest("x", "yy", "y"), Largest(Celsius(2.5), -3))
	fmt.Println(Spread(4, 9, 1), Spread(0.5, -1.5, 2))
	fmt.Println(Smallest(math.NaN(), 1), Largest(1, math.NaN(), 2))
	fmt.Println(Smallest("", ""), Smallest(0, 0))
}
