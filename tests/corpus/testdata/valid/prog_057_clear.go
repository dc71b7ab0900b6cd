package main

import "fmt"

func main() {
	m := map[string]int{"a": 1, "b": 2}
	clear(m)
	fmt.Println(len(m), m)
	s := []int{1, 2, 3}
	clear(s)
	fmt.Println(s, len(s))
	words := []string{"x", "y"}
	clear(words[1:])
	fmt.Printf("%q\n", words)
}
