package main

import (
	"fmt"
	"sort"
	"sync"
)

// Fan-in from Go's pipeline pattern: the channels to merge arrive as a
// variadic slice and are ranged over.
func merge(cs ...<-chan int) <-chan int {
	var wg sync.WaitGroup
	out := make(chan int, 10)
	for _, c := range cs {
		wg.Add(1)
		go func(c <-chan int) {
			defer wg.Done()
			for v := range c {
				out <- v
			}
		}(c)
	}
	go func() { wg.Wait(); close(out) }()
	return out
}

func gen(nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		for _, n := range nums {
			out <- n
		}
		close(out)
	}()
	return out
}

func capacities() {
	a, b := make(chan int, 3), make(chan int, 5)
	cs := []chan int{a, b}
	n := 0
	for _, c := range cs {
		n += cap(c)
	}
	for i, c := range cs {
		n += cap(c) * i
	}
	arr := [2]chan int{a, b}
	for _, c := range arr {
		n += cap(c)
	}
	for _, c := range &arr {
		n += cap(c)
	}
	m := map[string]chan int{"a": a}
	for k, c := range m {
		fmt.Println(k, cap(c))
	}
	var last chan int
	for _, last = range cs {
	}
	fmt.Println(n, cap(last))
	// The loop changes the slice it ranges over: the range still sees
	// the slice it started with.
	for i, c := range cs {
		cs = cs[:1]
		fmt.Println(i, cap(c))
	}
	// Each iteration has its own c for the closures.
	var fs []func() int
	for _, c := range []chan int{a, b} {
		fs = append(fs, func() int { return cap(c) })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}

func main() {
	var got []int
	for v := range merge(gen(1, 2, 3), gen(10, 20)) {
		got = append(got, v)
	}
	sort.Ints(got)
	fmt.Println(got)
	capacities()
	done := []chan struct{}{make(chan struct{}), make(chan struct{})}
	for _, d := range done {
		close(d)
	}
	_, ok := <-done[1]
	fmt.Println("closed:", !ok)
}
