// A named result of an interface type compared with nil in a loop after
// it was set (the running best of a search): the front end resets named
// results at the start of each call, and its *new(Shape) left a value the
// interpreter's == nil dereferenced once the result held a Square (the
// run panicked in largest). A nil result of the program's interface
// printed straight from the call (fmt.Println(largest())) panicked too:
// the print helper got it broken.
package main

import (
	"errors"
	"fmt"
)

type Shape interface{ Area() float64 }

type Square struct{ S float64 }
type Tri struct{ B, H float64 }

func (s Square) Area() float64 { return s.S * s.S }
func (t Tri) Area() float64    { return t.B * t.H / 2 }

func largest(shapes ...Shape) (best Shape) {
	for _, s := range shapes {
		if best == nil || s.Area() > best.Area() {
			best = s
		}
	}
	return
}

func firstErr(errs ...error) (err error) {
	for _, e := range errs {
		if err == nil {
			err = e
		}
	}
	return
}

func main() {
	fmt.Println(largest(Square{2}, Tri{3, 4}, Square{1.5}))
	fmt.Println(largest())
	fmt.Println(largest(Tri{1, 1}))
	fmt.Println(firstErr(nil, errors.New("second"), errors.New("third")))
	fmt.Println(firstErr())
}
