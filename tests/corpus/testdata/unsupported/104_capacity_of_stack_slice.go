package main

import "fmt"

// t does not escape main: gc grows it into a 32-byte buffer on the stack
// and go run prints "1 4", "2 4", "3 4", "4 4", "5 8"; grown on the heap
// it would be "1 1", "2 2", "3 4", "4 4", "5 8".
func main() {
	var t []int
	for i := 0; i < 5; i++ {
		t = append(t, i)
		fmt.Println(len(t), cap(t))
	}
}
