package main

import "fmt"

func kind(s []int, m map[string]int, f func()) string {
	out := ""
	switch s {
	case nil:
		out += "nil slice "
	default:
		out += "slice "
	}
	switch m {
	case nil:
		out += "nil map "
	default:
		out += "map "
	}
	switch f {
	case nil:
		out += "nil func"
	default:
		out += "func"
	}
	return out
}

func isPow10(x uint64) bool {
	switch x {
	case 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
		1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19:
		return true
	}
	return false
}

func main() {
	fmt.Println(kind(nil, nil, nil))
	fmt.Println(kind([]int{}, map[string]int{}, func() {}))

	ch := make(chan int)
	var recvOnly <-chan int = ch
	switch ch {
	case recvOnly:
		fmt.Println("same channel, other direction")
	default:
		fmt.Println("no match")
	}
	switch recvOnly {
	case ch:
		fmt.Println("same channel, seen from the receive side")
	}

	fmt.Println(isPow10(10000000000000000), isPow10(10000000000000001), isPow10(1e19))
}
