package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	latency := map[string]int{"eu": 40, "us": 90, "ap": 180}
	keys := slices.Sorted(maps.Keys(latency))
	fmt.Println(keys)
	vals := slices.Collect(maps.Values(latency))
	slices.Sort(vals)
	fmt.Println(vals)
	c := maps.Clone(latency)
	c["sa"] = 120
	fmt.Println(len(latency), len(c), maps.Equal(latency, c))
	maps.DeleteFunc(c, func(k string, v int) bool { return v > 100 })
	fmt.Println(slices.Sorted(maps.Keys(c)))
	dst := map[string]int{"x": 1}
	maps.Copy(dst, c)
	for _, k := range slices.Sorted(maps.Keys(dst)) {
		fmt.Print(k, "=", dst[k], " ")
	}
	fmt.Println()
	for k, v := range maps.All(map[string]int{"only": 1}) {
		fmt.Println(k, v)
	}
}
