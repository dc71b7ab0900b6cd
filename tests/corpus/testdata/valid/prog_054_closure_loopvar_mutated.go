package main

import "fmt"

func main() {
	var funcs []func() int
	for i := 0; i < 10; i++ {
		funcs = append(funcs, func() int { return i })
		i += 2
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var ps []*int
	for i := 0; i < 6; i++ {
		if i%2 == 1 {
			continue
		}
		ps = append(ps, &i)
	}
	for _, p := range ps {
		fmt.Print(*p, " ")
	}
	fmt.Println()
}
