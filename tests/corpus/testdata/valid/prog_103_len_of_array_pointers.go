package main

import "fmt"

var table map[string][8]int

const width = len(table["missing"]) // a constant: table is not read

var calls int

func buffer() *[4]int {
	calls++
	return nil
}

func try(name string, f func()) {
	defer func() { fmt.Println(name, "panicked:", recover() != nil) }()
	f()
}

func main() {
	fmt.Println("width:", width)
	fmt.Println("len through a nil pointer a call returns:", len(buffer()), cap(buffer()))
	try("range over the call", func() {
		n := 0
		for i := range buffer() {
			n += i
		}
		fmt.Println("indexes summed:", n)
	})
	try("dereferenced", func() { _ = len(*buffer()) })
	fmt.Println("calls:", calls)
}
