package main

import "fmt"

type MyInt int

type Counter struct{ n MyInt }

func (c *Counter) Add(by MyInt) (total MyInt) { c.n += by; return c.n }

func named(xs []MyInt) (n int) { return len(xs) }
func Sum[T ~int | ~float64](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

type Handler func(req string, attempt MyInt) (resp string, err error)

func main() {
	c := &Counter{}
	fmt.Printf("%T\n", named)
	fmt.Printf("%T\n", Sum[MyInt])
	fmt.Printf("%T\n", c.Add)
	fmt.Printf("%T\n", (*Counter).Add)
	var h Handler
	fmt.Printf("%T\n", h)
	fmt.Printf("%T\n", func(h Handler, retries MyInt) {})
	fmt.Printf("%T\n", map[string]func(x MyInt) bool{})
	fmt.Println(Sum([]MyInt{1, 2, 3}), c.Add(4))
}
