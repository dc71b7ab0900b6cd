package main

import "fmt"

func main() {
	grid := [][]int{{1, 2, 3}, {4, -1, 6}, {7, 8, 9}}
search:
	for r, row := range grid {
		for c, v := range row {
			if v < 0 {
				fmt.Println("negative at", r, c)
				break search
			}
		}
	}
rows:
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if c > r {
				continue rows
			}
			fmt.Print(grid[r][c], " ")
		}
	}
	fmt.Println()
	i := 0
loop:
	if i < 3 {
		fmt.Print("goto", i, " ")
		i++
		goto loop
	}
	fmt.Println()
}
