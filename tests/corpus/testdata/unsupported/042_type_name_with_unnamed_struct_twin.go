// %T of an interface value in a program that writes out a struct type
// with the fields of one of its named struct types: the interpreter's
// values of struct{ S int } and Item are one type, and it printed
// main.Item for both; it is refused. Go prints struct { S int } main.Item.
package main

import "fmt"

type Item struct{ S int }

func main() {
	var a any = struct{ S int }{1}
	var b any = Item{2}
	fmt.Printf("%T %T\n", a, b)
}
