// rand.N of math/rand/v2, generic over integer types (a jitter of type
// time.Duration, an int8, a defined type, a uint16): the interpreter has
// no compiled generic functions, and refused the program ("package rand
// has no symbol N"). Only bounds are printed: the draws are random.
package main

import (
	"fmt"
	"math/rand/v2"
	"time"
)

type Attempts int

func main() {
	d := rand.N(100 * time.Millisecond)
	fmt.Println(d >= 0 && d < 100*time.Millisecond)
	n := rand.N(10)
	fmt.Println(n >= 0 && n < 10)
	var small int8 = rand.N[int8](3)
	fmt.Println(small < 3)
	a := rand.N(Attempts(5))
	fmt.Printf("%T %v\n", a, a < 5)
	u := rand.N(uint16(7))
	fmt.Printf("%T %v\n", u, u < 7)
	defer func() { fmt.Println("recovered:", recover()) }()
	rand.N(0)
}
