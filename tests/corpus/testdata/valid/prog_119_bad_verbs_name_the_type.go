package main

import "fmt"

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

type Code int
type Label string
type flags struct {
	on   bool
	name Label
	code Code
}
type P struct{ X, Y int }

func main() {
	fmt.Printf("%d\n", []Temp{4})
	fmt.Printf("%d\n", Temp(4))
	fmt.Printf("%s\n", Code(3))
	fmt.Printf("%d\n", Label("x"))
	fmt.Printf("%d\n", flags{true, "a", 2})
	fmt.Printf("%x %X\n", P{10, 11}, flags{false, "hi", 255})
	fmt.Printf("%05d|%-4d|%6.2f\n", P{1, 2}, []Code{3, 4}, map[Label]float64{"a": 1.5})
	fmt.Printf("%q\n", []Label{"a", "b"})
	fmt.Printf("%t\n", flags{on: true})
	fmt.Printf("%s\n", P{1, 2})
	fmt.Printf("%v %s\n", Temp(4), []Temp{4})
	fmt.Println(fmt.Sprintf("%o", [2]Code{8, 9}))
}
