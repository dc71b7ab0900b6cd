package main

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

type Celsius float64

type person struct {
	name string
	age  int
}

func Max[T cmp.Ordered](a, b T) T {
	if cmp.Less(a, b) {
		return b
	}
	return a
}

func Clamp[T cmp.Ordered](v, lo, hi T) T {
	return Max(lo, min(v, hi))
}

func main() {
	fmt.Println(Max(3, 7), Max("pear", "apple"), Max(Celsius(-1.5), -2))
	fmt.Println(Clamp(12, 0, 10), Clamp(-3.5, 0, 1))
	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Compare(2.0, 2.0))
	nan := math.NaN()
	fmt.Println(cmp.Compare(nan, 1), cmp.Compare(1, nan), cmp.Compare(nan, nan), cmp.Less(nan, math.Inf(-1)))
	fmt.Println(cmp.Or("", "", "fallback"), cmp.Or(0, 3, 4), cmp.Or[string]())
	people := []person{{"ana", 31}, {"bo", 25}, {"cy", 31}, {"di", 19}}
	slices.SortStableFunc(people, func(a, b person) int {
		return cmp.Or(-cmp.Compare(a.age, b.age), cmp.Compare(a.name, b.name))
	})
	fmt.Println(people)
}
