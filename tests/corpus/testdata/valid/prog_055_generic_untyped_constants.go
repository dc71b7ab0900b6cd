package main

import "fmt"

type Ordered interface {
	~int | ~int64 | ~float64 | ~string
}

func Between[T Ordered](v, lo, hi T) bool { return lo <= v && v <= hi }

func Repeat[T any](v T, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func Keys[K comparable, V any](m map[K]V) int { return len(m) }

func main() {
	fmt.Println(Between(5, 1, 10), Between(2.5, 3, 4), Between("m", "a", "z"))
	fmt.Println(Repeat("ab", 3), Repeat(1.5, 2), Repeat(true, 1))
	fmt.Println(Keys(map[string]int{"a": 1, "b": 2}))
	f := Between[int]
	fmt.Println(f(3, 1, 2))
}
