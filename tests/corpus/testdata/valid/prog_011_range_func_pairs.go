package main

import (
	"fmt"
	"strings"
)

func Enumerate(words []string) func(func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for i, w := range words {
			if !yield(i, strings.ToUpper(w)) {
				return
			}
		}
	}
}

func main() {
	for i, w := range Enumerate([]string{"retry", "backoff", "jitter"}) {
		fmt.Println(i, w)
	}
	var funcs []func() string
	for _, w := range Enumerate([]string{"x", "y"}) {
		funcs = append(funcs, func() string { return w })
	}
	for _, f := range funcs {
		fmt.Print(f())
	}
	fmt.Println()
}
