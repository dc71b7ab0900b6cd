package main

import (
	"fmt"
	"strings"
)

func main() {
	a := 1
	var b string = 2
	fmt.Println(c)
}
