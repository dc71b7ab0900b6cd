package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Sqrt(2), math.Pow(2, 10), math.Floor(-1.5), math.Ceil(1.2))
	fmt.Println(math.Abs(-3.2), math.Max(3, 7), math.Min(3, 7), math.Mod(7, 3))
	fmt.Println(math.Inf(1), -math.Inf(1), math.IsNaN(math.NaN()))
	fmt.Printf("%.4f %.4f %.4f\n", math.Pi, math.E, math.Log(math.E))
	fmt.Println(math.MaxInt64, math.MinInt64, math.MaxUint32)
	fmt.Println(math.Round(2.5), math.Trunc(-2.7), math.Exp2(3))
	var x uint8 = 250
	x += 10
	y := int8(-128)
	y--
	fmt.Println(x, y)
}
