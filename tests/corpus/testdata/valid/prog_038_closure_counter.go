package main

import "fmt"

func counter() (func() int, func()) {
	n := 0
	return func() int { n++; return n }, func() { n = 0 }
}

func memo(f func(int) int) func(int) int {
	cache := map[int]int{}
	return func(x int) int {
		if v, ok := cache[x]; ok {
			return v
		}
		v := f(x)
		cache[x] = v
		return v
	}
}

func main() {
	next, reset := counter()
	fmt.Println(next(), next(), next())
	reset()
	fmt.Println(next())
	calls := 0
	slowSquare := func(x int) int { calls++; return x * x }
	fast := memo(slowSquare)
	fmt.Println(fast(4), fast(4), fast(5), calls)
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}
	fmt.Println(fib(20))
}
