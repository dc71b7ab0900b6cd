// A circuit breaker that opens after 3 consecutive failures and lets one
// probe through after a 10-second cooldown. Instants are passed in, so the
// program needs no real waiting.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/breaker"
)

func main() {
	b, err := breaker.New(breaker.Settings{Threshold: 3, Cooldown: 10 * time.Second})
	if err != nil {
		fmt.Println(err)
		return
	}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(sec int) time.Time { return t0.Add(time.Duration(sec) * time.Second) }

	for i := 0; i < 3; i++ {
		ticket, _ := b.AllowAt(at(0))
		b.RecordAt(at(0), ticket, false) // the provider failed
	}
	fmt.Println("after 3 failures:", b.StateAt(at(0)))

	_, err = b.AllowAt(at(5))
	fmt.Println("call at 5s:", err)

	probe, err := b.AllowAt(at(10))
	fmt.Println("call at 10s:", b.StateAt(at(10)), err)

	b.RecordAt(at(11), probe, true) // the probe succeeded
	fmt.Println("after the probe:", b.StateAt(at(11)))
}
