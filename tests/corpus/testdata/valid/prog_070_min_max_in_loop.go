package main

import "fmt"

type Sample struct {
	Name string
	Ms   int
}

func main() {
	samples := []Sample{{"a", 120}, {"b", 45}, {"c", 300}, {"d", 90}}
	lo, hi := samples[0].Ms, samples[0].Ms
	for _, s := range samples[1:] {
		lo = min(lo, s.Ms)
		hi = max(hi, s.Ms)
	}
	fmt.Println(lo, hi)
	capped := make([]int, 0, len(samples))
	for _, s := range samples {
		capped = append(capped, min(max(s.Ms, 50), 200))
	}
	fmt.Println(capped)
	var funcs []func() int
	for i := range 3 {
		funcs = append(funcs, func() int { return max(i, 1) * 10 })
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
