package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/classify"
)

func main() {
	for _, code := range []int{200, 404, 429, 500, 503} {
		d := classify.Status(code)
		fmt.Printf("%d %v\n", code, d.Verdict)
	}
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, v := range []string{"120", "0", "soon"} {
		wait, ok := classify.ParseRetryAfter(v, now)
		fmt.Println(v, wait, ok)
	}
}
