package main

import "fmt"

var n int

func next() int {
	n++
	return n
}

type Item struct {
	Name string
	Qty  int
}

var first, count = Item{"bolt", 3}, next()
var label, total = "stock", 10

func main() {
	fmt.Println("package level:", first, count, label, total)
	x, y := 1, next()
	fmt.Println("define:", x, y)
	it, z := Item{"nut", 2}, 5
	fmt.Println("composite:", it, z)
	ch := make(chan string, 2)
	ch <- "hello"
	msg, w := <-ch, 6
	fmt.Println("receive:", msg, w)
	x, v := 10, next()
	fmt.Println("redeclare:", x, v)
	var a, b = Item{"washer", 1}, 4
	fmt.Println("var:", a, b)
	var c, d int = 1, next()
	fmt.Println("typed var:", c, d)
	{
		var x, y = y, x
		fmt.Println("shadowed:", x, y)
	}
	var (
		p, q = []int{1, 2}, "list"
		r    = 1
	)
	fmt.Println("group:", p, q, r)
	switch k, it := 2, (Item{"pin", 9}); k {
	case 2:
		fmt.Println("switch init:", it)
	}
}
