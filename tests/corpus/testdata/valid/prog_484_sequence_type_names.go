package main

// Sequences (iter.Seq, iter.Seq2) and generic types named by %T and %#v,
// as Go names them at run time: type arguments joined by a comma alone,
// a func's parameters by a comma and a space.

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

type Box[T any] struct{ v T }

type Pair[K comparable, V any] struct {
	k K
	v V
}

// Filter keeps the values of seq that keep returns true for.
func Filter[V any](seq iter.Seq[V], keep func(V) bool) iter.Seq[V] {
	return func(yield func(V) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func describe[T any](v T) string { return fmt.Sprintf("%T", v) }

func main() {
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	fmt.Println(slices.Sorted(maps.Keys(m)))
	even := Filter(slices.Values([]int{1, 2, 3, 4}), func(n int) bool { return n%2 == 0 })
	for v := range even {
		fmt.Println(v)
	}
	fmt.Println(slices.Collect(even))
	for i, w := range slices.All(strings.Fields("retry later")) {
		fmt.Println(i, w)
	}

	fmt.Printf("%T\n", slices.Values([]string{"a"}))
	fmt.Printf("%T %T\n", even, maps.All(m))
	fmt.Printf("%T\n", map[string]iter.Seq[int]{"even": even})
	fmt.Printf("%T\n", []iter.Seq2[int, string]{})
	fmt.Printf("%T\n", Box[iter.Seq[int]]{even})
	fmt.Println(describe(even), describe(3), describe(Box[string]{}))

	fmt.Printf("%T\n", Box[func(int, string)]{})
	fmt.Printf("%T\n", Pair[string, map[string]int]{})
	fmt.Printf("%T\n", Box[iter.Seq2[int, func(int, string)]]{})
	var s iter.Seq2[func(int, string) bool, int]
	fmt.Printf("%T\n", s)

	var a any = Pair[string, map[string]int]{}
	fmt.Printf("%T\n", a)
	var b any = Box[Pair[int, func(int, string)]]{}
	fmt.Printf("%T %v\n", b, b)
	fmt.Printf("%#v\n", Box[Pair[int, string]]{})
}
