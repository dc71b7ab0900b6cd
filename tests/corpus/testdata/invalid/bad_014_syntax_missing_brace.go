package main

func main() {
	x := 1
	if x == 1 {
		x++
}
