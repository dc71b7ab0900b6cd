package main

import (
	"fmt"
	"slices"
)

func main() {
	type job struct{ id int }
	jobs := []job{{2}, {1}}
	slices.SortFunc(jobs, func(a, b job) int { return a.id - b.id })
	fmt.Println(jobs)
}
