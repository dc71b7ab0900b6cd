package main

import (
	"fmt"
	"slices"
	"strings"
)

func main() {
	s := []int{3, 1, 4, 1, 5, 9, 2, 6}
	fmt.Println(slices.Contains(s, 9), slices.Index(s, 4), slices.Index(s, 7))
	fmt.Println(slices.Max(s), slices.Min(s))
	sorted := slices.Clone(s)
	slices.Sort(sorted)
	fmt.Println(sorted, s)
	i, found := slices.BinarySearch(sorted, 5)
	fmt.Println(i, found)
	fmt.Println(slices.Compact(sorted))
	slices.Reverse(s)
	fmt.Println(s)
	s = slices.Insert(s, 1, 100, 200)
	fmt.Println(s)
	s = slices.Delete(s, 0, 2)
	fmt.Println(s, slices.Equal(s, []int{200, 6, 2, 9, 5, 1, 4, 1, 3}))
	words := []string{"Banana", "apple", "Cherry"}
	slices.SortFunc(words, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	fmt.Println(words)
	fmt.Println(slices.IndexFunc(words, func(w string) bool { return strings.HasPrefix(w, "C") }))
	fmt.Println(slices.ContainsFunc(s, func(n int) bool { return n > 150 }))
}
