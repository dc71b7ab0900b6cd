package main

import "fmt"

type Flags uint8

const (
	Read Flags = 1 << iota
	Write
	Exec
)

func main() {
	f := Read | Exec
	fmt.Printf("%03b %v %v\n", f, f&Write != 0, f&Exec != 0)
	f &^= Read
	fmt.Printf("%08b\n", f)
	x := 0xF0
	fmt.Println(x>>4, x<<1, x^0xFF, ^0, -7>>1)
	fmt.Printf("%x %X %o %#o %b\n", 3054, 3054, 8, 8, -5)
}
