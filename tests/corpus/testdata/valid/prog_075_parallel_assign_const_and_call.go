package main

import "fmt"

var calls int

func next() int {
	calls++
	return calls * 10
}

type Level int

const High Level = 3

func level() Level { return 1 }

func main() {
	a, b := 0, 0
	a, b = 1, next()
	fmt.Println("constant, call:", a, b)
	a, b = next(), 2
	fmt.Println("call, constant:", a, b)
	k := 7
	a, b = k, next()
	fmt.Println("variable, call:", a, b)
	a, b = len("four"), next()
	fmt.Println("constant builtin, call:", a, b)
	a, _ = 5, next()
	fmt.Println("blank:", a, calls)
	var lv Level
	lv, a = High, next()
	fmt.Println("typed constant:", lv, a)
	lv, a = level(), 9
	fmt.Println("typed call:", lv, a)
	var f float64
	f, a = 1.5, next()
	fmt.Println("float:", f, a)
	var v any
	v, a = "text", next()
	fmt.Println("interface:", v, a)
	var err error
	err, a = nil, next()
	fmt.Println("nil:", err, a)
	xs := []int{1}
	xs, a = append(xs, 2), 3
	fmt.Println("append:", xs, a)
	a, b, c := 0, 0, 0
	a, b, c = 1, next(), 3
	fmt.Println("three:", a, b, c)
	var s string
	s, a = fmt.Sprint("x", a), len(s)
	fmt.Println("sprint:", s, a)
}
