package main

func half(n int) int {
	return n / 2, true
}

func main() {
	_ = half(4)
}
