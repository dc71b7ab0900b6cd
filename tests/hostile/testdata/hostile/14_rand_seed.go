// Reseeds and drains the random sources.
//
// want: drawn
// clean: yes
package main

import (
	"fmt"
	mathrand "math/rand"
	"math/rand/v2"
)

func main() {
	mathrand.Seed(42)
	for range 1000 {
		mathrand.Int()
		rand.Int()
	}
	fmt.Println("drawn")
}
