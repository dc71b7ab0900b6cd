package main

import "fmt"

func main() {
	type inner struct{ v int }
	type outer struct {
		inner
		name string
	}
	o := outer{inner{1}, "o"}
	o.inner.v = 5
	fmt.Println(o.v, o)
	fmt.Printf("%+v %T\n", o, o)
}
