package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		fmt.Print(r.IntN(100), " ")
	}
	fmt.Println()
	f := r.Float64()
	fmt.Println(f >= 0 && f < 1)
	perm := r.Perm(5)
	fmt.Println(len(perm))
	r2 := rand.New(rand.NewPCG(1, 2))
	fmt.Println(r2.IntN(100))
}
