package main

import "fmt"

func main() {
	type celsius float64
	type temp struct {
		city string
		c    celsius
	}
	ts := []temp{{"Oslo", -3.5}, {"Rome", 14}}
	for _, t := range ts {
		fmt.Printf("%s: %.1f (%T)\n", t.city, t.c, t.c)
	}
	var a any = ts[0].c
	_, isFloat := a.(float64)
	_, isC := a.(celsius)
	fmt.Println(isFloat, isC)
}
