package main

import "fmt"

type pair struct{ K, V int }

func main() {
	var k, v int
	for k, v = range []int{10, 20, 30} {
	}
	fmt.Println(k, v)
	var key string
	var val int
	for key, val = range map[string]int{"only": 7} {
	}
	fmt.Println(key, val)
	var i int
	var r rune
	for i, r = range "héllo" {
		if r == 'l' {
			break
		}
	}
	fmt.Println(i, string(r))
	var p pair
	for p.K, p.V = range []int{4, 5} {
	}
	fmt.Println(p)
	last := -1
	for last = range 3 {
	}
	fmt.Println(last)
	var sum, idx int
	for idx = range []string{"a", "b", "c", "d"} {
		sum += idx
	}
	fmt.Println(idx, sum)
}
