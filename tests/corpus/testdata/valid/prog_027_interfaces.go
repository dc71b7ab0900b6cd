package main

import (
	"fmt"
	"math"
)

type Shape interface {
	Area() float64
	Perimeter() float64
}

type Rect struct{ W, H float64 }
type Circle struct{ R float64 }

func (r Rect) Area() float64        { return r.W * r.H }
func (r Rect) Perimeter() float64   { return 2 * (r.W + r.H) }
func (c Circle) Area() float64      { return math.Pi * c.R * c.R }
func (c Circle) Perimeter() float64 { return 2 * math.Pi * c.R }

func describe(s Shape) string {
	return fmt.Sprintf("area=%.2f perimeter=%.2f", s.Area(), s.Perimeter())
}

func main() {
	shapes := []Shape{Rect{3, 4}, Circle{1}, Rect{W: 1, H: 1}}
	total := 0.0
	for _, s := range shapes {
		fmt.Println(describe(s))
		total += s.Area()
	}
	fmt.Printf("total %.3f\n", total)
	var s Shape
	fmt.Println(s == nil)
	s = Circle{2}
	if c, ok := s.(Circle); ok {
		fmt.Println("circle radius", c.R)
	}
	_, isRect := s.(Rect)
	fmt.Println(isRect)
}
