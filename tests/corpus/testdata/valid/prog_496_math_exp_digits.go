// math.Exp and what is built on it (Pow with a fractional exponent, Sinh,
// Cosh, Tanh, Erf, Gamma) print go run's digits: amd64's Exp, which go run
// uses, differs from the portable one in the last place for about one
// argument in six (Exp(1.5) is 4.481689070338065, not ...0645).
package main

import (
	"fmt"
	"math"
)

func main() {
	for _, x := range []float64{0.1, 0.5, 1, 1.5, 2.3, 3.7, 10.7, -4.2, 20.01, 100.5, 700} {
		fmt.Println(x, math.Exp(x), math.Pow(x, 1.7), math.Sinh(x/10), math.Cosh(x/10), math.Tanh(x/20), math.Log(x+5))
	}
	fmt.Println(math.Erf(0.3), math.Gamma(4.5), math.Exp(-745.1), math.Log(5e-320))
	// Compound growth, as a lesson might print it.
	balance := 1000.0
	for year := 1; year <= 5; year++ {
		balance *= math.Exp(0.05)
		fmt.Printf("year %d: %v\n", year, balance)
	}
}
