// A type alias declared inside a function: the interpreter does not know
// the name after the declaration, so the program is refused there. Go
// prints 21.5 float64.
package main

import "fmt"

func main() {
	type Celsius = float64
	var c Celsius = 21.5
	fmt.Printf("%v %T\n", c, c)
}
