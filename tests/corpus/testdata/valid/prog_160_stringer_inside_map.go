package main

import "fmt"

type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

func main() {
	fmt.Println(Point{1, 2})
	fmt.Println([]Point{{1, 2}}, map[string]Point{"a": {3, 4}})
}
