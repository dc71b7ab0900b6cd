package main

import "fmt"

func Three(yield func(int) bool) {
	for i := range 3 {
		if !yield(i) {
			return
		}
	}
}

func main() {
	for v := range Three {
		defer fmt.Println("deferred", v)
	}
	fmt.Println("end of main")
}
