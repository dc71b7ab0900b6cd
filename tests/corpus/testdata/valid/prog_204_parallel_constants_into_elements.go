package main

import (
	"fmt"
	"time"
)

// Untyped constants assigned in parallel to elements, fields and map
// entries of float, unsigned and named types.

type Matrix [][]float64

type Limits struct {
	Burst   uint8
	Timeout time.Duration
	Ratio   float32
}

func identity(n int) Matrix {
	m := make(Matrix, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	for i := 0; i+1 < n; i += 2 {
		m[i][i], m[i+1][i+1] = 1, 1
	}
	if n%2 == 1 {
		m[n-1][n-1] = 1
	}
	return m
}

func main() {
	fmt.Println(identity(3))
	var l Limits
	p := &l
	p.Burst, p.Timeout, p.Ratio = 200, 5, 0.5
	fmt.Println(l.Burst, l.Timeout, l.Ratio)
	weights := map[string]float64{}
	var counts [2]uint16
	weights["a"], counts[1] = 2, 65535
	fmt.Println(weights, counts)
	grid := [][]complex128{{0}}
	grid[0][0], weights["b"] = 1, 1.5
	fmt.Println(grid, weights["b"])
}
