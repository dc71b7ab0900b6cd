package main

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
)

type Celsius float64

// A generic container with methods.
type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, error) {
	var zero T
	if len(s.items) == 0 {
		return zero, errors.New("empty stack")
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, nil
}

func (s *Stack[T]) Len() int { return len(s.items) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprint(p.Key, "=", p.Val) }

// A struct embedding a generic type.
type Named struct {
	Stack[string]
	Name string
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Max[T cmp.Ordered](a, b T) T {
	if cmp.Less(a, b) {
		return b
	}
	return a
}

func MaxAll[T cmp.Ordered](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		m = Max(m, x)
	}
	return m
}

type Number interface {
	~int | ~float64
}

func Sum[N Number](xs []N) N {
	var s N
	for _, x := range xs {
		s += x
	}
	return s
}

func kind[T any](v any) string {
	switch v.(type) {
	case T:
		return "T"
	case int:
		return "int"
	}
	return "other"
}

func main() {
	var s Stack[int]
	s.Push(1)
	s.Push(2)
	v, err := s.Pop()
	fmt.Println(v, err, s.Len())
	s.Pop()
	_, err = s.Pop()
	fmt.Println(err)

	n := Named{Name: "words"}
	n.Push("a")
	n.Push("b")
	fmt.Println(n.Name, n.Len(), n.items)

	fmt.Println(Map([]int{1, 2, 3}, func(i int) string { return strings.Repeat("*", i) }))
	fmt.Println(Max(Celsius(1), 2), MaxAll(3, 9, 4), MaxAll("a", "c", "b"))
	fmt.Println(Sum([]int{1, 2, 3}), Sum([]Celsius{0.5, 1.5}))

	p := Pair[string, int]{"a", 1}
	fmt.Println(p, p.String())
	fmt.Printf("%T %T\n", p, s)

	fmt.Println(kind[string]("x"), kind[string](3), kind[any](3), kind[float64](true))
}
