package main

import "fmt"

func main() {
	for _, v := range []int{1, 7, 2} {
		out := ""
		switch v {
		case 1:
			out += "one "
		default:
			out += "default "
			fallthrough
		case 2:
			out += "two "
		case 3:
			out += "three"
		}
		fmt.Println(v, out)
	}
}
