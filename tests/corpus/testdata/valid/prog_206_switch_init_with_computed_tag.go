package main

import (
	"fmt"
	"strings"
)

// Switches with an init statement and a tag computed from it.

func classify(status int) string {
	switch class := status / 100; class * 100 {
	case 200:
		return "success"
	case 400:
		return "client error"
	case 500:
		return "server error"
	}
	return "other"
}

func bucket(xs []int) string {
	switch n := len(xs); n % 3 {
	case 0:
		return "fits"
	default:
		return fmt.Sprint(3-n%3, " short")
	}
}

func main() {
	for _, s := range []int{200, 204, 404, 503, 302} {
		fmt.Println(s, classify(s))
	}
	fmt.Println(bucket([]int{1, 2, 3}), bucket([]int{1}))
	switch cmd := "  STOP "; strings.ToLower(strings.TrimSpace(cmd)) {
	case "start":
		fmt.Println("starting")
	case "stop":
		fmt.Println("stopping")
	}
	next := func() func() int {
		n := 0
		return func() int { n++; return n }
	}()
Outer:
	switch f := next; f() + f() {
	case 3:
		for i := 0; i < 5; i++ {
			if i == 2 {
				break Outer
			}
			fmt.Println("step", i)
		}
		fmt.Println("not printed")
	default:
		fmt.Println("unexpected")
	}
	fmt.Println("next call returns", next())
}
