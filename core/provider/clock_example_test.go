package provider_test

import (
	"context"
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/clock"
	"github.com/flakylab/flakylab/core/provider"
)

// A model call that takes 30 seconds against a client deadline of 5: on a
// virtual clock the call is abandoned at exactly 5 s, without waiting in
// real time. The server never heard of the deadline and did the work; with
// StopOnCancel it would have given up too.
func Example_deadline() {
	vc := clock.NewVirtual(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	defer vc.Close()
	p, err := provider.New([]provider.Step{{Status: 200, Latency: 30 * time.Second}}, provider.Settings{Sleep: vc.Sleep})
	if err != nil {
		panic(err)
	}
	ctx, cancel := vc.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err = p.Call(ctx, provider.Request{Method: "POST", Path: "/v1/messages"})
	fmt.Println("error:", err)
	fmt.Println("gave up after:", vc.Elapsed())
	fmt.Println("server did the work:", p.SideEffects() == 1)
	// Output:
	// error: context deadline exceeded
	// gave up after: 5s
	// server did the work: true
}
