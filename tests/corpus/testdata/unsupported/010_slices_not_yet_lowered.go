package main

import (
	"fmt"
	"slices"
)

func main() {
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Println(c)
	}
}
