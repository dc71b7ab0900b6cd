package main

import (
	"fmt"
	"sort"
)

func main() {
	counts := map[string]int{}
	for _, w := range []string{"retry", "fail", "retry", "ok", "retry", "ok"} {
		counts[w]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-6s %d\n", k, counts[k])
	}
	fmt.Println(counts)
	delete(counts, "fail")
	_, ok := counts["fail"]
	fmt.Println(len(counts), ok)
	nested := map[string]map[int]bool{"a": {1: true}}
	nested["b"] = map[int]bool{}
	nested["b"][2] = false
	fmt.Println(nested)
}
