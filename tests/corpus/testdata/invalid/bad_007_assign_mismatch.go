package main

import "strconv"

func main() {
	var n int = "3"
	m := strconv.Atoi("4")
	_, _ = n, m
}
