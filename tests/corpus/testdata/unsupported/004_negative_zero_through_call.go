package main

import (
	"fmt"
	"math"
)

func id(x float64) float64 { return x }

func main() {
	negZero := math.Copysign(0, -1)
	fmt.Println(math.Signbit(id(negZero)), math.Signbit(min(0.0, negZero)))
}
