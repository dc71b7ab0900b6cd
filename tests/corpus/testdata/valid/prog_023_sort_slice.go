package main

import (
	"fmt"
	"sort"
)

type Request struct {
	ID       int
	Priority int
	Name     string
}

func main() {
	reqs := []Request{{1, 2, "b"}, {2, 1, "a"}, {3, 2, "a"}, {4, 3, "c"}}
	sort.Slice(reqs, func(i, j int) bool {
		if reqs[i].Priority != reqs[j].Priority {
			return reqs[i].Priority > reqs[j].Priority
		}
		return reqs[i].Name < reqs[j].Name
	})
	for _, r := range reqs {
		fmt.Println(r.ID, r.Priority, r.Name)
	}
	nums := []int{5, 2, 8, 1}
	sort.Ints(nums)
	fmt.Println(nums, sort.SearchInts(nums, 5))
	words := []string{"pear", "fig", "apple"}
	sort.Strings(words)
	fmt.Println(words)
	sort.SliceStable(words, func(i, j int) bool { return len(words[i]) < len(words[j]) })
	fmt.Println(words)
}
