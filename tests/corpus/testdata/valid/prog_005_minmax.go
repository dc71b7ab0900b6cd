package main

import "fmt"

type Celsius float64

func main() {
	a, b, c := 3, 7, -2
	fmt.Println(min(a, b, c), max(a, b, c))
	fmt.Println(min(2.5, 1), max(1, 2, 3))
	s1, s2 := "pear", "apple"
	fmt.Println(min(s1, s2), max(s1, s2))
	t := Celsius(21.5)
	fmt.Printf("%.1f %T\n", max(t, 25), max(t, 25))
	x := min(a, 10)
	fmt.Printf("%d %T\n", x, x)
	const limit = max(10, 20.5)
	fmt.Println(limit)
}
