// A slice passed as the last variadic argument of the program's function,
// without ..., is one argument: the interpreter took the call for one
// that spreads it.
package main

import "fmt"

func count(args ...any) int { return len(args) }

type List []any

func show(prefix string, args ...any) {
	fmt.Println(prefix, len(args), args)
}

func main() {
	x := []any{1, 2}
	fmt.Println(count(nil, 1, x), count(x), count(x...), count(1, x))
	fmt.Println(count(List{1, 2}), count([]int{1, 2}), count([]any{x}...))
	show("one", x)
	show("two", "a", x)
	show("spread", x...)
	f := func(args ...any) int { return len(args) }
	fmt.Println(f(x), f(x...))
}
