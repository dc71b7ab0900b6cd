// Overwrites what time.UTC points to, which the time package itself uses:
// within the run the offset applies, as in Go (03:04 EVIL is 02:04 UTC);
// afterwards it is put back, and the run is not clean.
//
// want: 2026-01-02 02:04:05 +0000 UTC
// clean: no
package main

import (
	"fmt"
	"time"
)

func main() {
	loc := time.UTC
	*loc = *time.FixedZone("EVIL", 3600)
	fmt.Println(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
}
