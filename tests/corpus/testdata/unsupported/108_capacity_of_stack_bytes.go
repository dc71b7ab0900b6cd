package main

import "fmt"

// A byte slice grown on the stack gets the whole 32-byte buffer: go run
// prints 32, growslice on the heap would give 8.
func main() {
	var bs []byte
	bs = append(bs, 'x')
	fmt.Println(cap(bs))
}
