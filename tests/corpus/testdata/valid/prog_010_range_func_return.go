package main

import "fmt"

func Naturals(yield func(int) bool) {
	for i := 1; ; i++ {
		if !yield(i) {
			return
		}
	}
}

func firstOver(limit int) (int, string) {
	for n := range Naturals {
		if n*n > limit {
			return n, "found"
		}
	}
	return 0, "none"
}

func main() {
	fmt.Println(firstOver(50))
outer:
	for i := range 3 {
		for n := range Naturals {
			if n > 2 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			fmt.Println(i, n)
		}
	}
	fmt.Println("done")
}
