package main

import "fmt"

type Item struct{ S int }

type Items []Item

func describe(v any) string { return fmt.Sprintf("%T", v) }

func main() {
	var c any = []Item{{3}}
	fmt.Printf("%T\n", c)
	var d any = map[string][]*Item{}
	fmt.Println(describe(d), describe([]any{c}[0]), describe(Items{}))
	fmt.Println(describe([2]Item{}), describe(make(chan Item)), describe(make(<-chan *Item)))
	defer func() { fmt.Println(recover()) }()
	_ = c.(Items)
}
