package main

import (
	"fmt"
	"strings"
)

type empty struct{}

func try(want string, f func()) {
	defer func() {
		fmt.Println(want+":", strings.Contains(fmt.Sprint(recover()), want))
	}()
	f()
}

func main() {
	n, c := 2, 1
	try("cap out of range", func() { _ = make([]int, n, c) })
	n = -1
	try("len out of range", func() { _ = make([]int, n) })
	huge := int(^uint(0) >> 1)
	s := make([]empty, huge)
	try("len out of range", func() { s = append(s, empty{}) })

	ch := make(chan int, 1)
	ch <- 5
	got := <-ch
	later := func() int { return 7 }
	got = later()
	fmt.Println("received, then reassigned:", got)
}
