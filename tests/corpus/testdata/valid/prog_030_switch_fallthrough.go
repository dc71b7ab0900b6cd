package main

import "fmt"

func grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	default:
		return "C"
	}
}

func main() {
	for _, s := range []int{95, 85, 50} {
		fmt.Print(grade(s))
	}
	fmt.Println()
	for n := range 4 {
		switch n {
		case 0:
			fmt.Print("zero ")
			fallthrough
		case 1:
			fmt.Print("small ")
		case 2, 3:
			fmt.Print("two-or-three ")
		}
		fmt.Println()
	}
	switch x := 5; {
	case x > 3:
		fmt.Println("big")
		fallthrough
	case x > 100:
		fmt.Println("fell through")
	}
}
