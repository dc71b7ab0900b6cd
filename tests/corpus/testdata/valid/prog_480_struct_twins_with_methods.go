package main

import (
	"fmt"
	"sort"
)

// Dog, Cat and Bird have the same fields and each its own methods; an
// Animal holding one must never pass for another.
type Animal interface {
	Sound() string
	Legs() int
}

type Dog struct {
	Name string
	Age  int
}

type Cat struct {
	Name string `note:"indoor"`
	Age  int
}

type Bird struct {
	Name string
	Age  int
}

func (d Dog) Sound() string   { return "woof" }
func (d Dog) Legs() int       { return 4 }
func (c Cat) Sound() string   { return "meow" }
func (c Cat) Legs() int       { return 4 }
func (b *Bird) Sound() string { return "tweet" }
func (b *Bird) Legs() int     { return 2 }

func kind(a Animal) string {
	switch v := a.(type) {
	case Dog:
		return "dog " + v.Name
	case Cat:
		return "cat " + v.Name
	case *Bird:
		return "bird " + v.Name
	}
	return "unknown"
}

func main() {
	zoo := []Animal{Dog{"Rex", 3}, Cat{"Tom", 5}, &Bird{"Tweety", 1}, Cat{"Kit", 2}}
	sort.SliceStable(zoo, func(i, j int) bool { return zoo[i].Legs() < zoo[j].Legs() })
	for _, a := range zoo {
		fmt.Printf("%-8T %-12s %s\n", a, kind(a), a.Sound())
	}
	_, isDog := zoo[1].(Dog)
	_, isCat := zoo[1].(Cat)
	fmt.Println(isDog, isCat)

	var a, b Animal = Dog{"Rex", 3}, Cat{"Rex", 3}
	fmt.Println(a == b, a == Animal(Dog{"Rex", 3}), b == Cat(Dog{"Rex", 3}))
	fmt.Printf("%v %+v %#v\n", a, b, b)

	c := Cat(Dog{"Fido", 7})
	d := Dog(c)
	fmt.Println(c, d, d == Dog{"Fido", 7})
}
