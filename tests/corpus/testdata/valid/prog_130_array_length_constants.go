package main

import "fmt"

const scale = 2.0

var a [1e1]int
var b [scale * 3]string

type window [scale]float64

func main() {
	var w window
	w[1] = 0.5
	c := [len(a) / 5]bool{true}
	fmt.Println(len(a), len(b), w, c)
	fmt.Printf("%T %T\n", b, w)
}
