// A type alias declared inside a function: the interpreter would not
// know the name after the declaration, so the front end moves it to
// package level.
package main

import "fmt"

func main() {
	type Celsius = float64
	var c Celsius = 21.5
	fmt.Printf("%v %T\n", c, c)
}
