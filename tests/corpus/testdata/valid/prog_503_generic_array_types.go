// Generic functions and types with arrays of a type parameter. The front
// end measured every array type it met to apply gc's size limits, and
// go/types cannot measure [3]T: the program failed with an internal error.
package main

import "fmt"

type Ring[T any] struct {
	buf  [4]T
	next int
	full bool
}

func (r *Ring[T]) Add(v T) {
	r.buf[r.next] = v
	r.next = (r.next + 1) % len(r.buf)
	r.full = r.full || r.next == 0
}

func (r *Ring[T]) Items() []T {
	if !r.full {
		return append([]T(nil), r.buf[:r.next]...)
	}
	return append(append([]T(nil), r.buf[r.next:]...), r.buf[:r.next]...)
}

func first[T any](p *[3]T) T { return p[0] }

func sum[T int | float64](a [4]T) (s T) {
	for _, v := range a {
		s += v
	}
	return s
}

func add[T any](s []T, v T) []T { return append(s, v) }

func main() {
	var r Ring[string]
	for _, s := range []string{"a", "b", "c", "d", "e", "f"} {
		r.Add(s)
	}
	fmt.Println(r.Items(), len(r.buf))
	var latencies Ring[float64]
	latencies.Add(1.5)
	fmt.Println(latencies.Items(), latencies)
	fmt.Println(first(&[3]int{7, 8, 9}), sum([4]float64{1, 2, 3, 4}))
	fmt.Println(add([]struct{}{}, struct{}{}), len(add([][2]bool{}, [2]bool{true})))
}
