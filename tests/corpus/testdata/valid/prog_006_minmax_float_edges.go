package main

import (
	"fmt"
	"math"
)

func main() {
	nan := math.NaN()
	one := 1.0
	fmt.Println(min(one, nan), max(nan, one))
	fmt.Println(math.IsNaN(min(nan, one, 2)), max(one, 3, 2.5))
	fmt.Println(min(math.Inf(1), one), max(math.Inf(-1), one))
}
