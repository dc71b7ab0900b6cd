// The retry verdict for four HTTP status codes.
package main

import (
	"fmt"

	"github.com/flakylab/flakylab/core/classify"
)

func main() {
	for _, code := range []int{429, 422, 500, 503} {
		fmt.Println(code, classify.Status(code).Verdict)
	}
}
