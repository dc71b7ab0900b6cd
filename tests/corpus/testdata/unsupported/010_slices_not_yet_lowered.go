package main

import (
	"fmt"
	"slices"
)

func main() {
	out := slices.AppendSeq([]int{1}, slices.Values([]int{2, 3}))
	fmt.Println(out)
}
