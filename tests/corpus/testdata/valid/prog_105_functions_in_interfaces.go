package main

import "fmt"

type handler func(string) string

func greet(name string) string { return "hello " + name }

// lookup returns a function as an any, as a registry might.
func lookup(name string) any {
	if name == "greet" {
		return greet
	}
	return nil
}

func describe(v any) string {
	switch f := v.(type) {
	case func(string) string:
		return "a function: " + f("ada")
	case handler:
		return "a handler"
	case nil:
		return "nothing"
	default:
		return fmt.Sprintf("something else: %T", v)
	}
}

func main() {
	fmt.Println(describe(lookup("greet")))
	fmt.Println(describe(lookup("other")))
	var v any = greet
	f, ok := v.(func(string) string)
	fmt.Println("asserted:", ok, f("bob"))
	fmt.Println(describe(func(s string) string { return s + "!" }))
	fmt.Println(describe(handler(greet)))
}
