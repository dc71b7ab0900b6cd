// Generic type aliases (Go 1.24): an alias with type parameters of a map,
// a slice, a function type and an instance of a generic struct, used in
// declarations, literals, generic functions and assertions.
package main

import "fmt"

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

type Set[T comparable] = map[T]struct{}
type Same[T comparable] = Pair[T, T]
type Vec[T any] = []T
type Handler[T any] = func(T) error

func sum[T int | float64](v Vec[T]) T {
	var s T
	for _, x := range v {
		s += x
	}
	return s
}

func apply[T any](h Handler[T], v T) error { return h(v) }

func main() {
	seen := Set[string]{"a": {}}
	seen["b"] = struct{}{}
	_, ok := seen["b"]
	fmt.Println(len(seen), ok)
	s := Same[string]{"k", "v"}
	fmt.Println(s, s.Key)
	fmt.Printf("%T %v\n", s, s)
	v := Vec[float64]{1.5, 2}
	fmt.Printf("%T %v %v\n", v, v, sum(v))
	err := apply(Handler[int](func(n int) error {
		if n < 0 {
			return fmt.Errorf("negative %d", n)
		}
		return nil
	}), -2)
	fmt.Println(err)
	var x any = Same[int]{1, 2}
	_, ok = x.(Pair[int, int])
	fmt.Println(ok)
}
