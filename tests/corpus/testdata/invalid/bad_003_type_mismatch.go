package main

import "fmt"

func main() {
	n := 3
	s := "retries: "
	fmt.Println(s + n)
}
