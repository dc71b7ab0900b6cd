package main

import "fmt"

func Filter[T any](seq func(func(T) bool), keep func(T) bool) func(func(T) bool) {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func Ints(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	for v := range Filter(Ints(20), func(n int) bool { return n%3 == 0 }) {
		if v > 12 {
			break
		}
		fmt.Print(v, " ")
	}
	fmt.Println()
}
