package main

import "fmt"

type base struct{ name string }

func (b base) Hello() string    { return "hello " + b.name }
func (b *base) Rename(n string) { b.name = n }

type greeter interface{ Hello() string }

func main() {
	type wrap struct {
		base
		extra int
	}
	w := wrap{base{"ann"}, 1}
	f := w.Hello
	w.Rename("bob")
	fmt.Println(f(), w.Hello())
	var g greeter = w
	fmt.Println(g.Hello())
	fmt.Printf("%+v\n", w)
}
