package main

import "fmt"

func main() {
	names := []string{"a", "b", "c"}
	var printers []func() string
	for i, n := range names {
		printers = append(printers, func() string { return fmt.Sprint(i, n) })
	}
	for _, p := range printers {
		fmt.Println(p())
	}
	var ptrs []*int
	for i := range 3 {
		ptrs = append(ptrs, &i)
	}
	for _, p := range ptrs {
		fmt.Print(*p, " ")
	}
	fmt.Println()
}
