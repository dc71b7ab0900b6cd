// An assertion to []struct{ S int } in a program that also has []Item
// values (type Item struct{ S int }): the interpreter makes both one
// type, so the assertion succeeded on a []Item; it is refused. Go
// panics: interface conversion: interface {} is []main.Item, not
// []struct { S int }.
package main

import "fmt"

type Item struct{ S int }

func main() {
	defer func() { fmt.Println(recover()) }()
	var c any = []Item{{3}}
	_ = c.([]struct{ S int })
	fmt.Println("asserted")
}
