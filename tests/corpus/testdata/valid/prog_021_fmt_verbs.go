package main

import "fmt"

type Point struct {
	X, Y int
}

func main() {
	p := Point{1, 2}
	fmt.Printf("%v|%+v|%T|%T\n", p, p, p, &p)
	fmt.Printf("%q|%x|%X|%8.3f|%-6d|%06d\n", "hi", 255, "ok", 3.14159, 42, 42)
	fmt.Printf("%#v|%#v|%#x\n", []int{1, 2}, map[string]int{"a": 1}, 255)
	fmt.Printf("%t|%c|%U|%e|%g\n", true, 'G', 'G', 1234.5678, 0.000012)
	fmt.Printf("%5s|%-5s|%.2s|%5.1f%%\n", "ab", "ab", "abc", 99.5)
	fmt.Printf("%v %v %v\n", []string{"a"}, map[int]bool{1: true}, [2]float64{1.5, 2})
	fmt.Printf("%T %T %T %T\n", 1, "s", 2.0, []Point{})
	fmt.Printf("%[2]d %[1]d %*d\n", 1, 2, 5, 3)
	var ip *int
	fmt.Println(ip == nil, fmt.Sprint(nil), fmt.Sprintf("%d", []int{1, 2}))
	fmt.Printf("%b %o %x\n", 5, 64, -255)
}
