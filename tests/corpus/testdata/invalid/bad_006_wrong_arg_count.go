package main

import "fmt"

func delay(attempt int, base int) int { return base << attempt }

func main() {
	fmt.Println(delay(3))
}
