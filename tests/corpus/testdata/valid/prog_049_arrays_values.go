package main

import "fmt"

func main() {
	a := [3]int{1, 2, 3}
	b := a
	b[0] = 100
	fmt.Println(a, b, a == [3]int{1, 2, 3})
	s := a[:]
	s[1] = 200
	fmt.Println(a, len(s), cap(s))
	grid := [2][2]string{{"a", "b"}, {"c", "d"}}
	fmt.Println(grid, len(grid[1]))
	s2 := make([]int, 2, 5)
	s3 := append(s2, 9)
	s3[0] = 7
	fmt.Println(s2, s3, len(s3), cap(s3))
	c := make([]int, 2)
	n := copy(c, []int{4, 5, 6})
	fmt.Println(c, n)
	idx := [...]string{2: "two", 0: "zero"}
	fmt.Printf("%q %d\n", idx, len(idx))
}
