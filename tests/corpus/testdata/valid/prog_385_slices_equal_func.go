package main

import (
	"fmt"
	"slices"
)

type Job struct {
	ID       int
	Priority int
	Tags     []string
}

func main() {
	jobs := []Job{{1, 2, nil}, {2, 5, []string{"x"}}, {3, 2, nil}}
	byPrio := func(a, b Job) int { return b.Priority - a.Priority }
	slices.SortStableFunc(jobs, byPrio)
	fmt.Println(jobs)
	i, found := slices.BinarySearchFunc(jobs, 2, func(j Job, p int) int { return p - j.Priority })
	fmt.Println(i, found)
	grouped := map[int][]int{}
	for _, j := range jobs {
		grouped[j.Priority] = append(grouped[j.Priority], j.ID)
	}
	fmt.Println(grouped)
	c := slices.CompactFunc(slices.Clone(jobs), func(a, b Job) bool { return a.Priority == b.Priority })
	fmt.Println(len(c), c[len(c)-1].ID)
	fmt.Println(slices.EqualFunc(jobs, c, func(a, b Job) bool { return a.ID == b.ID }))
}
