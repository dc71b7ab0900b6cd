package main

import (
	"fmt"
	"strings"
)

var log []string

func step(name string, v int) int {
	log = append(log, name)
	return v
}

func show(what string) {
	fmt.Printf("%s: %s\n", what, strings.Join(log, ","))
	log = nil
}

func fib(n int) int {
	a, b := 0, 1
	for i := 0; i < n; i++ {
		a, b = b, a+step("", 0)+b
	}
	return a
}

func Swap[T any](x, y T) (T, T) {
	x, y = identity(y), x
	return x, y
}

func identity[T any](v T) T { return v }

func main() {
	a, b, c := 0, 0, 0
	a, b, c = step("a", 1), step("b", 2), step("c", 3)
	fmt.Println(a, b, c)
	show("calls")

	ok, n := step("l", 1) == 1 && step("r", 2) == 2, step("n", 3)
	fmt.Println(ok, n)
	show("logical")

	var done bool
	done, n = step("x", 0) == 1 && step("skipped", 1) == 1, step("m", 4)
	fmt.Println(done, n)
	show("short circuit")

	for i, j := 0, 4; i < j; i, j = step("i", i+1), j-1 {
		fmt.Print(i, j, " ")
	}
	fmt.Println()
	show("loop post")

	if x, y := step("x", 1), step("y", 2); x < y {
		fmt.Println("if init:", x, y)
	}
	show("if init")

	fmt.Println(fib(10))
	log = nil
	fmt.Println(Swap("left", "right"))
	fmt.Println(Swap(1, 2))

	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	a, b = <-ch, <-ch
	fmt.Println("receives:", a, b)

	funcs := map[string]func() int{}
	funcs["one"], a = func() int { return step("lit", 1) }, step("now", 5)
	fmt.Println(a, funcs["one"]())
	show("function literal")
}
