package main

import (
	"fmt"
	"maps"
	"strings"
)

type limits map[string]int

func main() {
	a := limits{"eu": 10, "us": 20}
	b := map[string]int{"eu": 10, "us": 20}
	fmt.Println(maps.EqualFunc(a, b, func(x, y int) bool { return x == y }))
	c := map[string]string{"eu": "10", "us": "21"}
	fmt.Println(maps.EqualFunc(a, c, func(x int, y string) bool { return fmt.Sprint(x) == y }))
	d := map[string]string{"eu": "A", "us": "b"}
	e := map[string]string{"eu": "a", "us": "B"}
	fmt.Println(maps.EqualFunc(d, e, strings.EqualFold), maps.EqualFunc(d, map[string]string{}, strings.EqualFold))
}
