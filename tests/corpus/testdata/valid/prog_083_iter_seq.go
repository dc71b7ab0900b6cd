package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func Filter[V any](seq iter.Seq[V], keep func(V) bool) iter.Seq[V] {
	return func(yield func(V) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func Enumerate(words []string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, w := range words {
			if !yield(i, w) {
				return
			}
		}
	}
}

func main() {
	for v := range Count(4) {
		fmt.Print(v, " ")
	}
	fmt.Println()
	even := Filter(Count(10), func(v int) bool { return v%2 == 0 })
	fmt.Println(slices.Collect(even))
	for i, w := range Enumerate([]string{"a", "b", "c"}) {
		if i == 2 {
			break
		}
		fmt.Println(i, w)
	}
	next, stop := iter.Pull(Count(3))
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Println("pulled", v)
	}
	v, ok := next()
	fmt.Println(v, ok)
	stop()
	next2, stop2 := iter.Pull2(Enumerate([]string{"x", "y", "z"}))
	i, w, ok := next2()
	fmt.Println(i, w, ok)
	stop2()
	i, w, ok = next2()
	fmt.Println(i, w, ok)
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	fmt.Println(slices.Sorted(maps.Keys(m)))
}
