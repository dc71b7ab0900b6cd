package main

import "fmt"

func Countdown(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := n; i > 0; i-- {
			if !yield(i) {
				fmt.Println("stopped early")
				return
			}
		}
	}
}

func main() {
	for v := range Countdown(3) {
		fmt.Println(v)
	}
	for v := range Countdown(10) {
		if v%2 == 1 {
			continue
		}
		if v < 6 {
			break
		}
		fmt.Println("even", v)
	}
}
