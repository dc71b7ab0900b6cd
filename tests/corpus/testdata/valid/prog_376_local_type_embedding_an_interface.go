package main

import "fmt"

type animal interface{ Sound() string }

type dog struct{}

func (dog) Sound() string { return "woof" }

func main() {
	type loud struct{ animal }
	var a animal = loud{dog{}}
	fmt.Println(a.Sound())
	fmt.Printf("%T %v\n", a, a)
	l := loud{dog{}}
	snd := l.Sound
	fmt.Println(snd())
	m := map[string]animal{"d": l}
	fmt.Println(m["d"].Sound())
}
