package main

import (
	"fmt"
	"strings"
)

var trace []string

func at(name string, v int) int {
	trace = append(trace, name)
	return v
}

func flush() string {
	s := strings.Join(trace, " ")
	trace = nil
	return s
}

type Point struct{ X, Y int }

func (p *Point) Move(dx int) int { p.X += dx; return p.X }

func pick(p *Point, name string) *Point {
	trace = append(trace, name)
	return p
}

func main() {
	m := map[string]int{}
	m["a"], m["b"] = 1, at("b", 2)
	fmt.Println("map:", m, flush())

	s := []int{0, 0, 0, 0}
	s[at("i", 1)], s[at("j", 2)] = at("x", 10), at("y", 20)
	fmt.Println("slice:", s, flush())

	i := 0
	i, s[i] = 3, at("v", 7)
	fmt.Println("index uses the old i:", i, s, flush())

	var p Point
	p.X, p.Y = 4, at("y", 5)
	fmt.Println("fields:", p, flush())

	q := &Point{}
	pick(q, "first").X, pick(q, "second").Y = at("x", 8), at("y", 9)
	fmt.Println("through calls:", *q, flush())

	pp := &p
	*pp, i = Point{1, 1}, at("i", 4)
	fmt.Println("pointer:", p, i, flush())

	a, b := 1, 2
	a, b = b, a
	fmt.Println("swap:", a, b)
	id := func(v int) int { return v }
	a, b = id(b), id(a)
	fmt.Println("swap through calls:", a, b)
	s[0], s[3] = s[3], s[0]
	fmt.Println("swap elements:", s)
	s[1], s[2] = id(s[2]), id(s[1])
	fmt.Println("swap elements through calls:", s)

	r := Point{X: 1}
	a, b = r.X, r.Move(10)
	fmt.Println("method:", a, b, r)

	grid := [2][2]int{}
	grid[0][1], grid[1][0] = at("g", 5), 6
	fmt.Println("array:", grid, flush())
}
