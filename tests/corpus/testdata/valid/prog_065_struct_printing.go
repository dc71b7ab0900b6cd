package main

import "fmt"

type Retry struct {
	Attempt int
	Delay   float64
	Reason  string
	Tags    []string
	Meta    map[string]int
}

type Wrapper struct {
	Inner *Retry
	N     int
}

func main() {
	r := Retry{Attempt: 2, Delay: 0.5, Reason: "503", Tags: []string{"a"}, Meta: map[string]int{"x": 1}}
	fmt.Println(r)
	fmt.Printf("%v\n%+v\n", r, r)
	w := Wrapper{&r, 1}
	fmt.Printf("%v %+v\n", w.N, *w.Inner)
	fmt.Println([]Retry{{Attempt: 1}}, len(fmt.Sprint(w)) > 0)
	var empty Retry
	fmt.Printf("%+v\n", empty)
}
