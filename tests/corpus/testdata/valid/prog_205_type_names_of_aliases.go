package main

import "fmt"

// %T names what an alias stands for, as Go's runtime does.

type Celsius = float64

type Reading struct {
	Sensor string
	Value  Celsius
}

type Latest = Reading

type Series = []Celsius

type Table = map[string]Latest

type Point = struct{ X, Y int }

func main() {
	var c Celsius = 21.5
	fmt.Printf("%T %v\n", c, c)
	var any1 any = c
	fmt.Printf("%T\n", any1)
	r := Latest{"t1", c}
	fmt.Printf("%T %T %+v\n", r, &r, r)
	fmt.Printf("%T %v\n", Series{1, 2}, Series{1, 2})
	fmt.Printf("%T %d\n", Table{}, len(Table{"a": r}))
	fmt.Printf("%T %v\n", Point{1, 2}, Point{1, 2})
	fmt.Printf("%T\n", func(Celsius) Series { return nil })
}
