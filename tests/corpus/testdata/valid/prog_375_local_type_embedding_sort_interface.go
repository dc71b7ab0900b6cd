package main

import (
	"fmt"
	"sort"
)

type byAge []int

func (b byAge) Len() int           { return len(b) }
func (b byAge) Less(i, j int) bool { return b[i] < b[j] }
func (b byAge) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() {
	type rev struct{ byAge }
	xs := []int{3, 1, 2}
	sort.Sort(rev{byAge(xs)})
	fmt.Println(xs)
	type desc struct{ sort.Interface }
	sort.Sort(desc{sort.Reverse(byAge(xs))})
	fmt.Println(xs)
}
