// Values of the packages' types (bucket.Decision, clock.Real,
// *bucket.Decision, time.Duration) held in interfaces the program
// declares: printed, compared and told apart after travelling through
// variables, arguments, results and composite literals. The interpreter
// keeps such a value in a wrapper of its own: fmt printed the wrapper
// ({0x... {...}}), == compared the wrappers (false for equal values
// stored in two places), and 2*time.Second stored in an interface made
// the interpreter fail (or a type switch miss it).
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/clock"
)

type retryHinter interface{ RetryAfterSeconds() int }

type nower interface{ Now() time.Time }

type seconder interface{ Seconds() float64 }

type limiter struct {
	last retryHinter
}

func through(h retryHinter) retryHinter { return h }

func decide(allowed bool) retryHinter {
	return bucket.Decision{Allowed: allowed, Limit: 3}
}

func backoff() seconder { return 3 * time.Second }

func kind(s seconder) string {
	switch d := s.(type) {
	case time.Duration:
		return "duration " + d.String()
	default:
		return "other"
	}
}

func main() {
	var h retryHinter = bucket.Decision{Allowed: true, Limit: 3}
	fmt.Println(h)
	fmt.Printf("%v %+v %T\n", h, h, h)
	fmt.Println(through(h) == h, h == decide(true), h == decide(false))

	var c nower = clock.Real{}
	fmt.Println(c, c == nower(clock.Real{}))

	p := &bucket.Decision{Limit: 5}
	hints := []retryHinter{p, decide(false)}
	first := hints[0]
	fmt.Println(first == retryHinter(p), first != hints[1])
	fmt.Printf("%+v\n", first)

	byName := map[string]nower{"real": clock.Real{}}
	r := byName["real"]
	fmt.Println(r)

	l := limiter{last: decide(false)}
	last := l.last
	fmt.Println(last, fmt.Sprint(last))

	var a any = h
	var b any = bucket.Decision{Allowed: true, Limit: 3}
	fmt.Println(a == b)

	var wait seconder = 2 * time.Second
	fmt.Println(wait, wait.Seconds(), kind(wait), kind(backoff()))
}
