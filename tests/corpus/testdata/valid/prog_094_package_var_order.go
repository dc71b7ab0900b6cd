package main

import "fmt"

var (
	total = a + b
	a     = double(b)
	b     = initB()
)

func double(x int) int { fmt.Println("double", x); return 2 * x }

func initB() int { fmt.Println("initB"); return 3 }

var x, y = note("x"), note("y")

var registry = map[string]int{"limit": limit}

const limit = 10

func note(s string) string { fmt.Println("init", s); return s }

func main() {
	fmt.Println(total, a, b, x, y, registry)
}
