// The smallest idempotency store there is: a set of keys already handled.
// Three requests arrive with keys k1, k1 and k2; the second k1 is a retry
// of the first, so only two charges are made.
//
// Try: add a response map so the retry gets the first answer back, the way
// a real store replays it.
package main

import "fmt"

func main() {
	seen := map[string]bool{}
	charges := 0

	for _, key := range []string{"k1", "k1", "k2"} {
		if seen[key] {
			fmt.Printf("%s: seen before, no new charge\n", key)
			continue
		}
		seen[key] = true
		charges++
		fmt.Printf("%s: new key, charge #%d\n", key, charges)
	}
	fmt.Println("charges:", charges)
}
