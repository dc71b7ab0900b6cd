// Replaces time.UTC and time.Local.
//
// want: true EVIL
// clean: yes
package main

import (
	"fmt"
	"time"
)

func main() {
	time.Local = time.FixedZone("EVIL", 3600)
	time.UTC = nil
	fmt.Println(time.UTC == nil, time.Local)
}
