package main

import "fmt"

func classify(v any) string {
	switch v.(type) {
	case []string:
		return "strings"
	}
	return "other"
}

func main() {
	type names []string
	var a any = names{"x"}
	_, ok := a.([]string)
	fmt.Println(ok, classify(a))
	var b any = []string{"y"}
	_, ok = b.(names)
	fmt.Println(ok)
	fmt.Printf("%T\n", a)
}
