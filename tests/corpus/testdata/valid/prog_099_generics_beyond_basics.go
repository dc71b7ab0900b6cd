// Generic code beyond the basics: types declared inside functions, a
// doubly linked list whose two structs refer to each other, embedded
// instances, methods promoted from embedded interfaces, directional
// channels made by generic code, and comparisons of values with
// interfaces.
package main

import "fmt"

// A list in the shape of container/list, made generic.
type Element[T any] struct {
	next, prev *Element[T]
	list       *List[T]
	Value      T
}

type List[T any] struct {
	root *Element[T] // a sentinel
	len  int
}

func (l *List[T]) Init() *List[T] {
	l.root = &Element[T]{list: l}
	l.root.next = l.root
	l.root.prev = l.root
	l.len = 0
	return l
}

func (l *List[T]) PushBack(v T) *Element[T] {
	if l.root == nil {
		l.Init()
	}
	at := l.root.prev
	e := &Element[T]{Value: v, list: l, prev: at, next: at.next}
	at.next.prev = e
	at.next = e
	l.len++
	return e
}

func (l *List[T]) Values() []T {
	var out []T
	for e := l.root.next; e != l.root; e = e.next {
		out = append(out, e.Value)
	}
	return out
}

// Embedded instance of a generic type.
type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Entry struct {
	Pair[string, int]
	Hits int
}

// Methods promoted from an embedded interface.
type Named interface{ Name() string }

type Service interface {
	Named
	Up() bool
}

type api string

func (a api) Name() string { return string(a) }
func (a api) Up() bool     { return a != "" }

type Checked struct{ Service }

func Names[S Named](xs []S) []string {
	var out []string
	for _, x := range xs {
		out = append(out, x.Name())
	}
	return out
}

// A directional channel made by generic code.
func Feed[T any](xs ...T) <-chan T {
	ch := make(chan T, len(xs))
	for _, x := range xs {
		ch <- x
	}
	close(ch)
	return ch
}

// Comparison of a type parameter's value with an interface value.
type Code int

func (c Code) String() string { return fmt.Sprintf("code %d", int(c)) }

type Coded interface{ String() string }

func Same[T comparable](t T, i any) bool { return t == i }

func Keys[T any]() []string {
	type keyed struct {
		k string
		v T
	}
	var zero T
	rows := []keyed{{"a", zero}, {"b", zero}}
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%s=%v", r.k, r.v))
	}
	return out
}

func main() {
	var l List[string]
	l.PushBack("retry")
	l.PushBack("backoff")
	l.PushBack("give up")
	fmt.Println(l.Values(), l.len)

	e := Entry{Pair: Pair[string, int]{"GET /items", 3}, Hits: 2}
	fmt.Println(e.Key, e.Val, e.Hits, e.Pair.Key)

	c := Checked{api("billing")}
	fmt.Println(c.Name(), c.Up(), Names([]Checked{c, {api("search")}}))

	sum := 0
	for v := range Feed(1, 2, 3) {
		sum += v
	}
	fmt.Println("sum", sum)

	fmt.Println(Same(Code(3), Code(3)), Same(Code(3), Code(4)), Same(Code(3), 3))
	var s Coded = Code(7)
	fmt.Println(Code(7) == s, s != Code(7), Code(8) == s)

	fmt.Println(Keys[int](), Keys[bool]())
}
