package main

import "fmt"

func main() {
	var b uint8 = 256
	fmt.Println(b, int8(-128)-1)
}
