package main

func main() {
	x := []int{1, 2
	}
	_ = x
}
