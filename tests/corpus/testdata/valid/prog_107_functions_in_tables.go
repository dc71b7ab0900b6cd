package main

import "fmt"

type step struct {
	name string
	run  func(int) int
}

func main() {
	// Functions declared further down, used as table elements.
	ops := []func(int) int{double, square}
	for _, op := range ops {
		fmt.Println("slice:", op(3))
	}
	byName := map[string]func(int) int{"double": double, "square": square}
	fmt.Println("map:", byName["square"](4))
	arr := [2]func([]int) int{sum, sum}
	fmt.Println("array:", arr[1]([]int{1, 2, 3}))
	conv := []func(int) int{(func(int) int)(double)}
	fmt.Println("converted:", conv[0](5))
	steps := []step{{"double", double}}
	fmt.Println("struct field:", steps[0].run(6))
	logs := []func(string){logLine}
	logs[0]("no result")
}

func double(n int) int { return 2 * n }
func square(n int) int { return n * n }

func sum(ns []int) int {
	t := 0
	for _, n := range ns {
		t += n
	}
	return t
}

func logLine(s string) { fmt.Println("log:", s) }
