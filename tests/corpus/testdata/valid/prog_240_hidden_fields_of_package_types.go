// A learner's token bucket keeps its clock and state in unexported fields
// of package types with String methods: fmt calls none of them there.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/breaker"
)

type bucket struct {
	capacity float64
	tokens   float64
	last     time.Time
	wait     time.Duration
	state    breaker.State
	err      error
}

type Report struct {
	Name   string
	bucket bucket
	Waits  []time.Duration
}

func main() {
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	b := bucket{capacity: 3, tokens: 2.5, last: t0, wait: 1500 * time.Millisecond, state: breaker.Open}
	fmt.Println(b)
	fmt.Printf("%v\n", b)
	fmt.Printf("%+v\n", b)
	fmt.Printf("%+v\n", &b)
	fmt.Println([]bucket{b}, map[string]bucket{"api": b})
	r := Report{Name: "api", bucket: b, Waits: []time.Duration{time.Second, 250 * time.Millisecond}}
	fmt.Println(r)
	fmt.Printf("%+v\n", r)
	// Exported fields and operands of their own keep their methods.
	fmt.Println(b.last, b.wait, b.state, r.Waits)
	type stamp struct{ At time.Time }
	fmt.Println(stamp{t0})
}
