package clock_test

import (
	"context"
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/clock"
)

// A scripted provider that needs a minute to answer, called with a 3s
// deadline. On the virtual clock the call is abandoned at exactly 3s of
// virtual time, and the example finishes at once.
func Example() {
	v := clock.NewVirtual(time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC))
	defer v.Close()

	slowProvider := func(ctx context.Context) (string, error) {
		if err := v.Sleep(ctx, 60*time.Second); err != nil {
			return "", err
		}
		return "200 OK", nil
	}

	ctx, cancel := v.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	answer := make(chan string, 1)
	go func() {
		reply, err := slowProvider(ctx)
		if err != nil {
			reply = err.Error()
		}
		answer <- reply
	}()

	select {
	case reply := <-answer:
		fmt.Printf("answered at %v: %s\n", v.Elapsed(), reply)
	case <-ctx.Done():
		fmt.Printf("abandoned at %v: %v\n", v.Elapsed(), ctx.Err())
	}
	fmt.Printf("provider saw: %s\n", <-answer)
	// Output:
	// abandoned at 3s: context deadline exceeded
	// provider saw: context deadline exceeded
}

// Three goroutines sleep for different times and wake in the order of their
// virtual wake-up times.
func ExampleVirtual_SleepPlain() {
	v := clock.NewVirtual(time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC))
	defer v.Close()

	woke := make(chan string)
	for _, name := range []string{"c:3s", "a:1s", "b:2s"} {
		d, _ := time.ParseDuration(name[2:])
		go func() {
			v.SleepPlain(d)
			woke <- fmt.Sprintf("%s woke at %s", name[:1], v.Now().Format("15:04:05"))
		}()
	}
	for range 3 {
		fmt.Println(<-woke)
	}
	// Output:
	// a woke at 09:00:01
	// b woke at 09:00:02
	// c woke at 09:00:03
}

// A manual clock moves only when told to, so a test can look at the world
// at fixed instants.
func ExampleVirtual_Advance() {
	v := clock.NewManual(time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC))
	tick := v.NewTicker(time.Second)
	defer tick.Stop()

	v.Advance(1500 * time.Millisecond)
	fmt.Println("tick at", (<-tick.C).Format("15:04:05.000"))
	v.Advance(time.Second)
	fmt.Println("tick at", (<-tick.C).Format("15:04:05.000"))
	fmt.Println("now", v.Now().Format("15:04:05.000"))
	// Output:
	// tick at 09:00:01.000
	// tick at 09:00:02.000
	// now 09:00:02.500
}
