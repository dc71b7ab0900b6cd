package main

import "fmt"

type Number interface {
	~int | ~int64 | ~float64
}

type Millis int64

func Sum[T Number](xs ...T) T {
	var total T
	for _, x := range xs {
		total += x
	}
	return total
}

func Clamp[T Number](v, lo, hi T) T {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

func main() {
	fmt.Println(Sum(1, 2, 3))
	fmt.Println(Sum(1.5, 2.25))
	fmt.Println(Sum[Millis](100, 250))
	fmt.Println(Clamp(15, 0, 10), Clamp(-3, 0, 10), Clamp(2.5, 0, 10))
	var d Millis = 1500
	fmt.Println(Clamp(d, 0, 1000))
}
