// A server that remembers the idempotency keys it has handled.
package main

import "fmt"

func main() {
	handled := make(map[string]bool)
	charges := 0
	for _, key := range []string{"k1", "k1", "k2"} {
		if handled[key] {
			continue // a retry of work already done
		}
		handled[key] = true
		charges++
	}
	fmt.Println("charges:", charges)
}
