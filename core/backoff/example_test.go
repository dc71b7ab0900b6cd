package backoff_test

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
)

// The schedule from the course: five attempts, base 0.5 s, cap 8 s. The
// backoff doubles up to the cap; full jitter waits a random amount below it,
// and the seeded source makes the jittered column the same on every run.
func Example() {
	sched, err := backoff.New(backoff.Config{
		Base:   500 * time.Millisecond,
		Cap:    8 * time.Second,
		Jitter: backoff.Full,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	it := sched.Iter(rand.New(rand.NewPCG(1, 2)))
	fmt.Println("attempt  backoff  full jitter")
	for attempt := 1; attempt <= 5; attempt++ {
		wait := it.Next()
		fmt.Printf("%7d  %7v  %v\n", attempt, sched.Exponential(attempt), wait.Truncate(time.Millisecond))
	}
	// Output:
	// attempt  backoff  full jitter
	//       1    500ms  338ms
	//       2       1s  461ms
	//       3       2s  1.017s
	//       4       4s  1.719s
	//       5       8s  6.382s
}

// printSchedule prints eight seeded delays of the course schedule with the
// given jitter, to the millisecond.
func printSchedule(j backoff.Jitter) {
	sched, err := backoff.New(backoff.Config{Base: 500 * time.Millisecond, Cap: 8 * time.Second, Jitter: j})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, d := range sched.Delays(8, rand.New(rand.NewPCG(1, 2))) {
		fmt.Printf("attempt %d: backoff %v, wait %v\n", i+1, sched.Exponential(i+1), d.Truncate(time.Millisecond))
	}
}

// Without jitter every client waits exactly the backoff, so clients that
// failed together retry together.
func Example_noJitter() {
	printSchedule(backoff.None)
	// Output:
	// attempt 1: backoff 500ms, wait 500ms
	// attempt 2: backoff 1s, wait 1s
	// attempt 3: backoff 2s, wait 2s
	// attempt 4: backoff 4s, wait 4s
	// attempt 5: backoff 8s, wait 8s
	// attempt 6: backoff 8s, wait 8s
	// attempt 7: backoff 8s, wait 8s
	// attempt 8: backoff 8s, wait 8s
}

// Full jitter waits a uniform random amount in [0, backoff): the widest
// spread, and the usual choice.
func Example_fullJitter() {
	printSchedule(backoff.Full)
	// Output:
	// attempt 1: backoff 500ms, wait 338ms
	// attempt 2: backoff 1s, wait 461ms
	// attempt 3: backoff 2s, wait 1.017s
	// attempt 4: backoff 4s, wait 1.719s
	// attempt 5: backoff 8s, wait 6.382s
	// attempt 6: backoff 8s, wait 3.106s
	// attempt 7: backoff 8s, wait 6.554s
	// attempt 8: backoff 8s, wait 2.705s
}

// Equal jitter keeps half of the backoff and randomizes the other half, so
// every wait lies in [backoff/2, backoff).
func Example_equalJitter() {
	printSchedule(backoff.Equal)
	// Output:
	// attempt 1: backoff 500ms, wait 419ms
	// attempt 2: backoff 1s, wait 730ms
	// attempt 3: backoff 2s, wait 1.508s
	// attempt 4: backoff 4s, wait 2.859s
	// attempt 5: backoff 8s, wait 7.191s
	// attempt 6: backoff 8s, wait 5.553s
	// attempt 7: backoff 8s, wait 7.277s
	// attempt 8: backoff 8s, wait 5.352s
}

// Decorrelated jitter ignores the attempt number: each wait is drawn from
// [base, 3 × previous wait) and capped, so it grows from its own history.
func Example_decorrelatedJitter() {
	sched, err := backoff.New(backoff.Config{Base: 500 * time.Millisecond, Cap: 8 * time.Second, Jitter: backoff.Decorrelated})
	if err != nil {
		fmt.Println(err)
		return
	}
	prev := 500 * time.Millisecond // before the first attempt, prev counts as base
	for i, d := range sched.Delays(8, rand.New(rand.NewPCG(1, 2))) {
		fmt.Printf("attempt %d: drawn from [500ms, %v), capped at 8s: wait %v\n", i+1, (3 * prev).Truncate(time.Millisecond), d.Truncate(time.Millisecond))
		prev = d
	}
	// Output:
	// attempt 1: drawn from [500ms, 1.5s), capped at 8s: wait 1.176s
	// attempt 2: drawn from [500ms, 3.529s), capped at 8s: wait 1.897s
	// attempt 3: drawn from [500ms, 5.693s), capped at 8s: wait 3.14s
	// attempt 4: drawn from [500ms, 9.422s), capped at 8s: wait 4.334s
	// attempt 5: drawn from [500ms, 13.004s), capped at 8s: wait 8s
	// attempt 6: drawn from [500ms, 24s), capped at 8s: wait 8s
	// attempt 7: drawn from [500ms, 24s), capped at 8s: wait 8s
	// attempt 8: drawn from [500ms, 24s), capped at 8s: wait 8s
}

// Delay is a pure function of the draw u, so it can be checked at fixed
// draws: 0, 0.5 and just below 1.
func ExampleSchedule_Delay() {
	for _, j := range []backoff.Jitter{backoff.None, backoff.Full, backoff.Equal, backoff.Decorrelated} {
		sched, _ := backoff.New(backoff.Config{Base: 500 * time.Millisecond, Cap: 8 * time.Second, Jitter: j})
		fmt.Printf("%-12v attempt 3:", j)
		for _, u := range []float64{0, 0.5, 0.999} {
			fmt.Printf("  u=%v → %v", u, sched.Delay(3, time.Second, u))
		}
		fmt.Println()
	}
	// Output:
	// none         attempt 3:  u=0 → 2s  u=0.5 → 2s  u=0.999 → 2s
	// full         attempt 3:  u=0 → 0s  u=0.5 → 1s  u=0.999 → 1.998s
	// equal        attempt 3:  u=0 → 1s  u=0.5 → 1.5s  u=0.999 → 1.999s
	// decorrelated attempt 3:  u=0 → 500ms  u=0.5 → 1.75s  u=0.999 → 2.9975s
}

func ExampleNew() {
	_, err := backoff.New(backoff.Config{Base: 2 * time.Second, Cap: time.Second})
	fmt.Println(err)
	// Output:
	// backoff: cap (1s) must be >= base (2s)
}

func ExampleParseJitter() {
	j, err := backoff.ParseJitter("Decorrelated")
	fmt.Println(j, err)
	_, err = backoff.ParseJitter("random")
	fmt.Println(err)
	// Output:
	// decorrelated <nil>
	// backoff: unknown jitter "random" (want none, full, equal or decorrelated)
}
