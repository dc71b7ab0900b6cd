package main

import "fmt"

func run(label string) {
	type stat struct {
		label string
		n     int
	}
	s := stat{label, len(label)}
	fmt.Printf("%+v %T\n", s, s)
}

func main() {
	run("alpha")
	run("be")
	type stat struct{ v float64 }
	fmt.Printf("%+v %T\n", stat{1.5}, stat{})
}
