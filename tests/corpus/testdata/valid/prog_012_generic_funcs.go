package main

import "fmt"

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func Max[T int | float64 | string](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func main() {
	nums := []int{1, 2, 3, 4, 5}
	sq := Map(nums, func(n int) int { return n * n })
	fmt.Println(sq)
	even := Filter(sq, func(n int) bool { return n%2 == 0 })
	fmt.Println(even)
	fmt.Println(Reduce(nums, 0.5, func(a float64, n int) float64 { return a + float64(n) }))
	fmt.Println(Max(3, 9), Max(2.5, 1.5), Max("a", "b"))
	fmt.Println(Map([]string{"x", "yy"}, func(s string) int { return len(s) }))
}
