package main

import (
	"fmt"
	"strings"
)

func sum(nums ...int) int {
	total := 0
	for _, n := range nums {
		total += n
	}
	return total
}

func logf(prefix string, args ...any) string {
	return prefix + ": " + fmt.Sprint(args...)
}

func joinAll(sep string, parts ...string) string { return strings.Join(parts, sep) }

func main() {
	fmt.Println(sum(), sum(1), sum(1, 2, 3))
	xs := []int{4, 5, 6}
	fmt.Println(sum(xs...))
	fmt.Println(logf("warn", "retry ", 3, " of ", 5))
	fmt.Println(joinAll("/", "a", "b", "c"))
	fmt.Println(append([]int{1}, xs...))
}
