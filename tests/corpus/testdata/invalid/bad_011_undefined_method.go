package main

import "fmt"

type Bucket struct{ tokens int }

func main() {
	b := Bucket{}
	fmt.Println(b.Allow())
}
